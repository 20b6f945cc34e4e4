import ArgumentParser
import Foundation
import Logging
import ShojiCore
import ShojiSessions

/// The command line of an app's SSH server, ready-made: where to listen,
/// the host key, who gets in and the limits, as a swift-argument-parser
/// group an app's own command includes. Each option overrides one field of
/// `SSHAppServer.Configuration`; an option not given leaves the app's
/// value (or the configuration's default) as it is.
///
/// ```swift
/// struct NotesServe: ParsableCommand {
///     @OptionGroup(title: SSHServeOptions.title) var server: SSHServeOptions
///     func run() {
///         var configuration = SSHAppServer.Configuration(appName: "notes", appExecutable: notesPath,
///                                                        hostKeyPath: stateFolder + "/ssh_host_ed25519_key")
///         server.serve(configuration)
///     }
/// }
/// ```
///
/// `--port`, `--host`, `--host-key`, `--authorized-keys`, `--public`,
/// `--password-auth`, `--proxy-protocol`, `--max-sessions-per-connection`,
/// `--early-drop`, `--proxy-header-timeout` and `--session-template`, and
/// the limits every transport shares (`SessionServeOptions`:
/// `--max-sessions`, `--max-sessions-per-address`, `--max-per-address`,
/// `--max-pending` or `--max-unauthenticated`, `--max-pending-per-address`,
/// `--idle-timeout`, `--input-grace`, `--max-terminal-size COLSxROWS`);
/// `--grace-period`, `--login-grace-time` and `--failed-auth-delay` are for
/// tests and left out of `--help`.
public struct SSHServeOptions: ParsableArguments, Sendable {
    /// The title of this group in `--help`: `@OptionGroup(title: SSHServeOptions.title)`.
    public static let title = "SSH server options"

    /// `--port`: where to listen (0 picks a free one).
    @Option(help: ArgumentHelp("Port to listen on (0 picks a free one).", valueName: "port"))
    public var port: Int?

    /// `--host`: the address to listen on.
    @Option(help: ArgumentHelp("Address to listen on (default 127.0.0.1); 0.0.0.0 for every interface.", valueName: "address"))
    public var host: String?

    /// `--host-key`: the ed25519 host key file, made on first start.
    @Option(help: ArgumentHelp("The host key file (made, mode 0600, if missing).", valueName: "file"))
    public var hostKey: String?

    /// `--authorized-keys`: the keys allowed in, in OpenSSH's format.
    @Option(help: ArgumentHelp("Keys allowed in, in OpenSSH's authorized_keys format (ed25519 and ECDSA).", valueName: "file"))
    public var authorizedKeys: String?

    /// `--public`: anyone gets in as a guest.
    @Flag(help: "A public demo: any key, or none, opens a guest session.")
    public var `public` = false

    /// `--password-auth`: also accept an account's password.
    @Flag(help: "Also accept an account's password (the SSH user name is the account).")
    public var passwordAuth = false

    /// `--proxy-protocol`: behind a balancer that sends the PROXY header.
    @Flag(help: "Behind a load balancer that sends the PROXY protocol (HAProxy's send-proxy-v2): limits and logs see the client's address. Connections without the header are closed.")
    public var proxyProtocol = false

    /// `--max-sessions-per-connection` (OpenSSH's MaxSessions).
    @Option(help: ArgumentHelp("Most sessions one connection may open (default 4; OpenSSH's MaxSessions).", valueName: "n"))
    public var maxSessionsPerConnection: Int?

    /// `--early-drop START:RATE`.
    @Option(help: ArgumentHelp("OpenSSH's MaxStartups start:rate with --max-unauthenticated as full (default 10:30): from START connections still authenticating, a new one is refused at random, RATE percent rising to 100 at full.", valueName: "START:RATE"))
    public var earlyDrop: String?

    /// `--proxy-header-timeout SECONDS`.
    @Option(help: ArgumentHelp("With --proxy-protocol, seconds a connection has to send its header (default 5).", valueName: "seconds"))
    public var proxyHeaderTimeout: Double?

    /// `--session-template`: fork sessions from a template process.
    @Flag(help: "Fork each session's app from one template process of the app, which shares the memory the runtime filled (the app must call SessionTemplate.serveIfAsked).")
    public var sessionTemplate = false

    /// `--grace-period`: seconds sessions may go on after SIGINT/SIGTERM.
    @Option(help: ArgumentHelp("Seconds sessions may go on after SIGINT/SIGTERM.", visibility: .private))
    public var gracePeriod: Double?

    /// `--login-grace-time`: seconds a connection has to authenticate.
    @Option(help: ArgumentHelp("Seconds a connection has to authenticate.", visibility: .private))
    public var loginGraceTime: Double?

    /// `--failed-auth-delay`: seconds before a failed authentication is answered.
    @Option(help: ArgumentHelp("Seconds before a failed authentication is answered.", visibility: .private))
    public var failedAuthDelay: Double?

    /// The limits every transport shares: `--max-sessions`,
    /// `--max-sessions-per-address`, `--max-per-address`, `--max-pending`
    /// (`--max-unauthenticated`), `--max-pending-per-address`,
    /// `--idle-timeout`, `--input-grace`, `--max-terminal-size`.
    @OptionGroup public var sessions: SessionServeOptions

    /// `--max-sessions` (in `sessions`).
    public var maxSessions: Int? {
        get { sessions.maxSessions }
        set { sessions.maxSessions = newValue }
    }

    /// `--max-per-address` (in `sessions`).
    public var maxPerAddress: Int? {
        get { sessions.maxPerAddress }
        set { sessions.maxPerAddress = newValue }
    }

    /// `--max-sessions-per-address` (in `sessions`).
    public var maxSessionsPerAddress: Int? {
        get { sessions.maxSessionsPerAddress }
        set { sessions.maxSessionsPerAddress = newValue }
    }

    /// `--max-unauthenticated`, also spelled `--max-pending` (in `sessions`).
    public var maxUnauthenticated: Int? {
        get { sessions.maxPending }
        set { sessions.maxPending = newValue }
    }

    /// `--max-terminal-size` (in `sessions`).
    public var maxTerminalSize: String? {
        get { sessions.maxTerminalSize }
        set { sessions.maxTerminalSize = newValue }
    }

    /// `--idle-timeout` (in `sessions`).
    public var idleTimeout: Double? {
        get { sessions.idleTimeout }
        set { sessions.idleTimeout = newValue }
    }

    /// No options given.
    public init() {}

    /// Bad values are command-line mistakes, found before anything starts.
    public func validate() throws {
        if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
        try sessions.validate()
        if let maxSessionsPerConnection, maxSessionsPerConnection < 1 {
            throw ValidationError("--max-sessions-per-connection must be at least 1")
        }
        if earlyDrop != nil, earlyDropSettings == nil {
            throw ValidationError("--early-drop takes START:RATE, a count of at least 1 and a percentage, e.g. 10:30")
        }
        for (name, value) in [("--login-grace-time", loginGraceTime), ("--proxy-header-timeout", proxyHeaderTimeout)] {
            if let value, !(value > 0) { throw ValidationError("\(name) must be more than 0 seconds") }
        }
        for (name, value) in [("--grace-period", gracePeriod), ("--failed-auth-delay", failedAuthDelay)] {
            if let value, !(value >= 0) { throw ValidationError("\(name) must be 0 seconds or more") }
        }
    }

    /// `--max-terminal-size` as a size; nil when not given or not
    /// `COLSxROWS` with both at least the smallest size an app draws in.
    public var terminalSize: TerminalSize? { sessions.terminalSize }

    /// `--early-drop` as its start and rate; nil when not given or not
    /// `START:RATE` with a start of at least 1 and a percentage.
    public var earlyDropSettings: (start: Int, rate: Int)? {
        guard let parts = earlyDrop?.split(separator: ":", omittingEmptySubsequences: false), parts.count == 2,
              let start = Int(parts[0]), let rate = Int(parts[1]), start >= 1, (0...100).contains(rate) else { return nil }
        return (start, rate)
    }

    /// Sets on `configuration` every option the user gave.
    public func apply(to configuration: inout SSHAppServer.Configuration) {
        if let port { configuration.port = port }
        if let host { configuration.host = host }
        if let hostKey { configuration.hostKeyPath = hostKey }
        if let authorizedKeys { configuration.authorizedKeysPath = authorizedKeys }
        if `public` { configuration.access = .everyone }
        if passwordAuth { configuration.passwordAuthentication = true }
        if proxyProtocol { configuration.proxyProtocol = true }
        if sessionTemplate { configuration.sessionTemplate = true }
        sessions.apply(to: &configuration.limits)
        if let maxSessionsPerConnection { configuration.maximumSessionsPerConnection = maxSessionsPerConnection }
        if let (start, rate) = earlyDropSettings {
            configuration.unauthenticatedEarlyDropStart = start
            configuration.unauthenticatedEarlyDropRate = rate
        }
        if let proxyHeaderTimeout { configuration.proxyHeaderTimeout = proxyHeaderTimeout }
        if let gracePeriod { configuration.shutdownGracePeriod = gracePeriod }
        if let loginGraceTime { configuration.loginGraceTime = loginGraceTime }
        if let failedAuthDelay { configuration.failedAuthenticationDelay = failedAuthDelay }
    }

    /// Serves `configuration` with these options applied until SIGINT or
    /// SIGTERM (see `SSHAppServer.serve(_:accounts:logger:)`), then exits
    /// 0; a server that cannot start exits 1 with one line on stderr
    /// naming the app's server.
    public func serve(_ configuration: SSHAppServer.Configuration, accounts: (any SSHAccounts)? = nil,
                      logger: Logger? = nil) -> Never {
        var configuration = configuration
        apply(to: &configuration)
        do {
            try SSHAppServer.serve(configuration, accounts: accounts, logger: logger)
        } catch {
            let line = ControlCharacters.escaped("\(configuration.appName) serve: \(error)")
            FileHandle.standardError.write(Data((line + "\n").utf8))
            Foundation.exit(1)
        }
        Foundation.exit(0)
    }
}
