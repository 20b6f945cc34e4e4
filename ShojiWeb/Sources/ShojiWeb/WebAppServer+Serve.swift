import Foundation
import Logging
import ShojiSSH

extension WebAppServer {
    /// Serves `configuration`'s app until SIGINT or SIGTERM: starts, prints
    /// the address to open (with the token, in token mode), then hangs up
    /// every session on the first signal. The few lines a server needs.
    public static func serve(_ configuration: Configuration, logger: Logger? = nil) throws(WebServerError) {
        signal(SIGPIPE, SIG_IGN)
        let server = try WebAppServer(configuration: configuration,
                                      logger: logger ?? Logger(label: "\(configuration.appName).web"))
        let port = try server.start()
        var address = "http://\(configuration.host):\(port)/"
        if case .token(let token) = configuration.access {
            address += "?token=" + (token.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? token)
        }
        // Unbuffered, so a script (or a test) reading the address sees it at once.
        FileHandle.standardOutput.write(Data("""
            \(configuration.appName): serving in a browser on \(configuration.host):\(port)
            \(configuration.appName): open \(address)   (Ctrl-C stops the server)

            """.utf8))
        ShutdownSignals.wait { _ in server.shutdown() }
    }
}
