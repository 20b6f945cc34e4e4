import CatalogApp
import Foundation
import NIOCore

/// Everything `catalog serve` was asked for, checked by the command line.
package struct ServerConfiguration: Sendable {
    package var host = "127.0.0.1"
    /// 0 picks a free port (the chosen one is printed).
    package var port = 2222
    package var dataDirectory: DataDirectory
    /// Default: `authorized_keys` in the data directory.
    package var authorizedKeysPath: String
    package var maximumSessions = 64
    package var maximumConnectionsPerAddress = 32
    /// A connection with no input for this long is closed.
    package var idleTimeout: Seconds = 900
    /// A connection must authenticate within this time.
    package var loginGraceTime: Seconds = 60
    /// How long a failed authentication waits before it is answered.
    package var failedAuthenticationDelay: Seconds = 1
    /// On SIGINT/SIGTERM, how long running sessions may go on before they get SIGHUP.
    package var shutdownGracePeriod: Seconds = 10
    package var passwordAuthentication = false
    /// The program each session runs (this executable) and the catalogue options it passes on.
    package var appExecutable: String
    package var appArguments: [String] = []

    package init(dataDirectory: DataDirectory, appExecutable: String) {
        self.dataDirectory = dataDirectory
        self.authorizedKeysPath = dataDirectory.file("authorized_keys")
        self.appExecutable = appExecutable
    }

    package var hostKeyPath: String { dataDirectory.file("ssh_host_ed25519_key") }
}

/// Seconds, as the command line takes them.
package typealias Seconds = Double

extension TimeAmount {
    /// A duration from the configuration's seconds, to the millisecond.
    init(seconds: Seconds) {
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
