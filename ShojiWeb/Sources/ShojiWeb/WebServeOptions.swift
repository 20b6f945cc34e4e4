import ArgumentParser
import Foundation
import Logging
import ShojiSSH
import ShojiSessions

/// The command-line options of an app's browser server, as a group an
/// app's `web` command includes (`@OptionGroup var web: WebServeOptions`):
/// `--port`, `--host`, `--public` or a token, host names and origins, the
/// proxy, the write timeout, and the limits every transport shares
/// (`SessionServeOptions`: `--max-sessions`, `--max-sessions-per-address`,
/// `--max-per-address`, `--max-pending`, `--max-pending-per-address`,
/// `--idle-timeout`, `--input-grace`, `--max-terminal-size`), written once
/// for ShojiSSH's server and this one.
public struct WebServeOptions: ParsableArguments {
    /// The group's title in `--help`.
    public static let title = "Browser server"

    /// The port to listen on.
    @Option(name: .long, help: "The port to listen on.")
    public var port = 8080

    /// The address to listen on.
    @Option(name: .long, help: "The address to listen on (0.0.0.0: every interface).")
    public var host = "127.0.0.1"

    /// A public demo: no token.
    @Flag(name: .long, help: "A public demo: anyone who opens the page gets a guest session.")
    public var `public` = false

    /// The token's file; without it (and without `--public`) a random token.
    @Option(name: .long, help: ArgumentHelp("Read the token from this file (default: a random one, printed in the address).", valueName: "file"))
    public var tokenFile: String?

    /// More origins allowed to open sessions.
    @Option(name: .long, help: ArgumentHelp("Also let pages from this origin open sessions (repeatable).", valueName: "origin"))
    public var allowedOrigin: [String] = []

    /// More names the server answers to.
    @Option(name: .long, help: ArgumentHelp("Also answer to this host name (repeatable; the address and localhost always).", valueName: "name"))
    public var allowedHost: [String] = []

    /// The reverse proxy whose `X-Forwarded-For` is believed.
    @Option(name: .long, help: ArgumentHelp("Believe X-Forwarded-For from this proxy address only.", valueName: "address"))
    public var trustedProxy: String?

    /// The limits every transport shares, as over SSH.
    @OptionGroup public var sessions: SessionServeOptions

    /// Seconds a client may leave the server's output unread.
    @Option(name: .long, help: "Seconds a client may leave the server's output unread before it is disconnected.")
    public var writeTimeout: Double = 30

    /// Parsed by the app's command.
    public init() {}

    /// Bad values are command-line mistakes, found before anything starts.
    public func validate() throws {
        if !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        try sessions.validate()
    }

    /// `configuration` with these options applied: where, who, the limits.
    public func apply(to configuration: WebAppServer.Configuration) throws -> WebAppServer.Configuration {
        var configuration = configuration
        configuration.port = port
        configuration.host = host
        configuration.allowedOrigins = allowedOrigin
        configuration.allowedHosts = allowedHost
        configuration.trustedProxy = trustedProxy
        sessions.apply(to: &configuration.limits)
        guard writeTimeout > 0 else { throw ValidationError("--write-timeout must be above 0") }
        configuration.writeTimeout = writeTimeout
        if `public` {
            configuration.access = .everyone
        } else if let tokenFile {
            let token = try String(contentsOfFile: tokenFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
            guard token.count >= 16 else { throw ValidationError("the token in \(tokenFile) is shorter than 16 characters") }
            configuration.access = .token(token)
        } else {
            configuration.access = .token(Self.randomToken())
        }
        return configuration
    }

    /// Serves `configuration` with these options, or exits with the reason.
    public func serve(_ configuration: WebAppServer.Configuration, logger: Logger? = nil) {
        do {
            try WebAppServer.serve(try apply(to: configuration), logger: logger)
        } catch {
            FileHandle.standardError.write(Data("\(configuration.appName) web: \(error)\n".utf8))
            Foundation.exit(1)
        }
    }

    /// 24 random bytes as hex.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<24).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
