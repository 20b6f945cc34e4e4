import Dispatch
import Foundation
import Logging
import ShojiSessions

extension SSHAppServer {
    /// Serves `configuration`'s app until SIGINT or SIGTERM: starts, prints
    /// where it listens and the host key's fingerprint, then shuts down
    /// gracefully on the first signal (a second one skips the grace period).
    /// The few lines a server of its own needs.
    public static func serve(_ configuration: SSHAppServer.Configuration, accounts: (any SSHAccounts)? = nil,
                             logger: Logger? = nil) throws(SSHServerError)
    {
        // Before the first connection: writing to a client that vanished
        // must not kill the server.
        signal(SIGPIPE, SIG_IGN)
        let server = try SSHAppServer(configuration: configuration, accounts: accounts,
                                      logger: logger ?? Logger(label: "\(configuration.appName).serve"))
        let address = try server.start()
        // Unbuffered, so a script (or a test) reading the port sees it at once.
        FileHandle.standardOutput.write(Data("""
            \(configuration.appName): serving on \(address.host):\(address.port), host key \(server.hostKeyFingerprint)
            \(configuration.appName): connect with: ssh -p \(address.port) \(address.host)   (Ctrl-C stops the server)

            """.utf8))
        ShutdownSignals.wait { hurry in server.shutdown(hurry: hurry) }
    }
}
