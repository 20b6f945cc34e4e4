import CatalogApp
import Foundation
import NIOCore

/// Everything `catalog serve` was asked for, checked by the command line.
public struct ServerConfiguration: Sendable {
    public var host = "127.0.0.1"
    /// 0 picks a free port (the chosen one is printed).
    public var port = 2222
    public var dataDirectory: DataDirectory
    /// Default: `authorized_keys` in the data directory.
    public var authorizedKeysPath: String
    public var maximumSessions = 64
    public var maximumConnectionsPerAddress = 32
    /// A connection with no input for this long is closed.
    public var idleTimeout: Seconds = 900
    /// A connection must authenticate within this time.
    public var loginGraceTime: Seconds = 60
    /// How long a failed authentication waits before it is answered.
    public var failedAuthenticationDelay: Seconds = 1
    /// On SIGINT/SIGTERM, how long running sessions may go on before they get SIGHUP.
    public var shutdownGracePeriod: Seconds = 10
    public var passwordAuthentication = false
    /// The program each session runs (this executable) and the catalogue options it passes on.
    public var appExecutable: String
    public var appArguments: [String] = []

    public init(dataDirectory: DataDirectory, appExecutable: String) {
        self.dataDirectory = dataDirectory
        self.authorizedKeysPath = dataDirectory.file("authorized_keys")
        self.appExecutable = appExecutable
    }

    public var hostKeyPath: String { dataDirectory.file("ssh_host_ed25519_key") }
}

/// Seconds, as the command line takes them.
public typealias Seconds = Double

extension TimeAmount {
    /// A duration from the configuration's seconds, to the millisecond.
    init(seconds: Seconds) {
        self = .milliseconds(Int64((seconds * 1000).rounded()))
    }
}
