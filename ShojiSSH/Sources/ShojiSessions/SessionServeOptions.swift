import ArgumentParser

/// The command-line options of the limits every served app has, over SSH
/// and in a browser alike: a swift-argument-parser group that ShojiSSH's
/// `SSHServeOptions` and ShojiWeb's `WebServeOptions` both include, so
/// each flag, its default and its help are written once. Each option
/// given overrides one field of `SessionLimits`; one not given leaves the
/// app's value (or the default) as it is.
///
/// `--max-sessions`, `--max-sessions-per-address`, `--max-per-address`,
/// `--max-pending` (also spelled `--max-unauthenticated`),
/// `--max-pending-per-address`, `--idle-timeout`, `--input-grace` and
/// `--max-terminal-size COLSxROWS`.
public struct SessionServeOptions: ParsableArguments, Sendable {
    /// `--max-sessions`: sessions at once over all clients.
    @Option(help: ArgumentHelp("Most sessions at once (default 64); later ones are told the server is full.", valueName: "n"))
    public var maxSessions: Int?

    /// `--max-sessions-per-address`: sessions at once from one address.
    @Option(help: ArgumentHelp("Most sessions at once from one address (default 8, and at most a quarter of --max-sessions; an IPv6 /64 counts as one).", valueName: "n"))
    public var maxSessionsPerAddress: Int?

    /// `--max-per-address`: connections at once from one address.
    @Option(help: ArgumentHelp("Most connections at once from one address, in sessions or not (default 32; an IPv6 /64 counts as one).", valueName: "n"))
    public var maxPerAddress: Int?

    /// `--max-pending` (or `--max-unauthenticated`): connections at once
    /// that are not sessions yet.
    @Option(name: [.customLong("max-pending"), .customLong("max-unauthenticated")], help: ArgumentHelp("Most connections at once that are not sessions yet, from all addresses: still authenticating over SSH (default 100; OpenSSH's MaxStartups), page loads and WebSockets not yet upgraded in a browser (default 512).", valueName: "n"))
    public var maxPending: Int?

    /// `--max-pending-per-address`: connections at once from one address
    /// that are not sessions yet.
    @Option(help: ArgumentHelp("Most connections at once from one address that are not sessions yet (default 8; an IPv6 /64 counts as one).", valueName: "n"))
    public var maxPendingPerAddress: Int?

    /// `--idle-timeout`: seconds without input before a hang-up.
    @Option(help: ArgumentHelp("Hang up a session after this many seconds without input (default 900).", valueName: "seconds"))
    public var idleTimeout: Double?

    /// `--input-grace`: seconds a new session has to send its first key.
    @Option(help: ArgumentHelp("Hang up a session whose user has not typed a key this many seconds after it started (default 60; resizes do not count).", valueName: "seconds"))
    public var inputGrace: Double?

    /// `--max-terminal-size COLSxROWS`: the largest terminal a session may have.
    @Option(help: ArgumentHelp("Largest terminal a session may have (default 640x256); larger ones are refused or clamped.", valueName: "COLSxROWS"))
    public var maxTerminalSize: String?

    /// No options given.
    public init() {}

    /// Bad values are command-line mistakes, found before anything starts.
    public func validate() throws {
        for (name, value) in [("--max-sessions", maxSessions), ("--max-sessions-per-address", maxSessionsPerAddress),
                              ("--max-per-address", maxPerAddress), ("--max-pending", maxPending),
                              ("--max-pending-per-address", maxPendingPerAddress)] {
            if let value, value < 1 { throw ValidationError("\(name) must be at least 1") }
        }
        if maxTerminalSize != nil, terminalSize == nil {
            throw ValidationError("--max-terminal-size takes COLSxROWS of at least 20x5, e.g. 640x256")
        }
        for (name, value) in [("--idle-timeout", idleTimeout), ("--input-grace", inputGrace)] {
            if let value, !(value > 0) { throw ValidationError("\(name) must be more than 0 seconds") }
        }
    }

    /// `--max-terminal-size` as a size; nil when not given or not
    /// `COLSxROWS` with both at least the smallest size an app draws in.
    public var terminalSize: TerminalSize? {
        guard let parts = maxTerminalSize?.split(separator: "x", omittingEmptySubsequences: false), parts.count == 2,
              let columns = Int(parts[0]), let rows = Int(parts[1]), columns >= 20, rows >= 5 else { return nil }
        return TerminalSize(columns: columns, rows: rows)
    }

    /// Sets on `limits` every option the user gave. A lowered
    /// `--max-sessions` without `--max-sessions-per-address` lowers the
    /// per-address maximum to a quarter of it, so one address never takes
    /// every place.
    public func apply(to limits: inout SessionLimits) {
        if let maxSessions { limits.maximumSessions = maxSessions }
        if let maxSessionsPerAddress {
            limits.maximumSessionsPerAddress = maxSessionsPerAddress
        } else if maxSessions != nil {
            limits.maximumSessionsPerAddress = min(limits.maximumSessionsPerAddress, max(1, limits.maximumSessions / 4))
        }
        if let maxPerAddress { limits.maximumConnectionsPerAddress = maxPerAddress }
        if let maxPending { limits.maximumPendingConnections = maxPending }
        if let maxPendingPerAddress { limits.maximumPendingPerAddress = maxPendingPerAddress }
        if let idleTimeout { limits.idleTimeout = idleTimeout }
        if let inputGrace { limits.inputGracePeriod = inputGrace }
        if let terminalSize { limits.maximumTerminalSize = terminalSize }
    }
}
