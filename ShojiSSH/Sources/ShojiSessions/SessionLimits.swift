/// The limits every way of serving an app puts on its sessions and on the
/// connections that have not become sessions yet, written once for every
/// transport: ShojiSSH's `SSHAppServer` and ShojiWeb's `WebAppServer` each
/// hold one (their configurations' `limits`), count with one
/// `ConnectionRegistry` made from it, and hang up with one `SessionClock`.
/// A limit added here reaches both; `SessionServeOptions` is its command line.
///
/// A *pending* connection is one that has not become a session yet: over
/// SSH, not authenticated; in a browser, not upgraded to a session's
/// WebSocket (page loads, idle sockets, slow request heads).
public struct SessionLimits: Sendable, Equatable {
    /// Sessions (apps) running at once, over all clients.
    public var maximumSessions = 64
    /// Sessions at once from one address (an IPv6 client's /64), so a few
    /// addresses cannot take every place.
    public var maximumSessionsPerAddress = 8
    /// Open connections at once from one address (an IPv6 client's /64),
    /// sessions' and pending ones alike.
    public var maximumConnectionsPerAddress = 32
    /// Pending connections at once, over all addresses; more are refused at once.
    public var maximumPendingConnections = SessionLimits.defaultPendingConnections
    /// Pending connections at once from one address (an IPv6 client's
    /// /64): far below `maximumPendingConnections`, so a handful of
    /// addresses cannot hold every pending place (a browser opens six).
    public var maximumPendingPerAddress = 8
    /// A session with no input from the user (keys, pastes, resizes) for
    /// this long is hung up (seconds).
    public var idleTimeout: Double = 900
    /// A session whose user has not typed a key (or pasted) this long after
    /// it started is hung up (seconds): a client that opens sessions and
    /// never uses them frees their places after this, not the idle
    /// timeout. Resizes do not count: they cost a client nothing.
    public var inputGracePeriod: Double = 60
    /// The largest terminal a session may have; ncurses keeps several
    /// full-screen buffers of about 28 bytes a cell, so a client claiming
    /// 5000x5000 would cost its app gigabytes.
    public var maximumTerminalSize = TerminalSize(columns: 640, rows: 256)
    /// Log lines a second about refused connections; the rest are counted
    /// and the next line says how many were left out, so a flood of
    /// refusals cannot fill the disk or drown the lines that matter.
    public var refusalLogLinesPerSecond = 20

    /// `maximumPendingConnections`'s default over SSH (OpenSSH's
    /// `MaxStartups` full): a key exchange costs the server work. A
    /// browser's pending connections are page loads, and ShojiWeb allows 512.
    public static let defaultPendingConnections = 100

    /// Every limit at its default.
    public init() {}
}
