import Foundation
import NIOConcurrencyHelpers

/// Counts what the server's limits (`SessionLimits`) are about, across
/// event-loop threads, for every transport: open connections per source
/// address (an IPv6 client's whole /64), pending connections (not sessions
/// yet: over SSH not authenticated, those still waiting for their PROXY
/// header among them, counted by the socket's own address; in a browser
/// not upgraded) in total and per address, and running sessions (each one
/// app process) in total and per address, which shutdown also needs to find.
public final class ConnectionRegistry: Sendable {
    /// Why a connection was turned away, for the log.
    public enum Refusal: Sendable, Equatable, CustomStringConvertible {
        /// The address has its maximum of open connections.
        case tooManyFromAddress
        /// The address has its maximum of pending connections.
        case tooManyPendingFromAddress
        /// The server has its maximum of pending connections.
        case tooManyUnauthenticated
        /// The random early drop refused it.
        case droppedEarly
        /// The server is shutting down.
        case shuttingDown

        /// The reason, as the log says it.
        public var description: String {
            switch self {
            case .tooManyFromAddress: "too many connections from this address"
            case .tooManyPendingFromAddress: "too many connections from this address that are not sessions yet"
            case .tooManyUnauthenticated: "too many connections still authenticating"
            case .droppedEarly: "many connections still authenticating (random early drop)"
            case .shuttingDown: "shutting down"
            }
        }
    }

    /// Why a session was not started.
    public enum SessionRefusal: Sendable, Equatable {
        /// The server has its maximum of sessions.
        case full
        /// The address has its maximum of sessions.
        case tooManyFromAddress
        /// The server is shutting down.
        case shuttingDown
    }

    private struct State {
        var connectionsPerAddress: [String: Int] = [:]
        var awaitingHeaderPerAddress: [String: Int] = [:]
        var pendingPerAddress: [String: Int] = [:]
        var unauthenticated = 0
        var reservedSessions = 0
        var sessionsPerAddress: [String: Int] = [:]
        var runningApps: Set<pid_t> = []
        var accepting = true
        var refusalLogSecond: UInt64 = 0
        var refusalLogLines = 0
        var refusalsUnlogged = 0
    }

    private let state = NIOLockedValueBox(State())
    /// Sessions at once, in total.
    public let maximumSessions: Int
    /// Connections at once from one address (an IPv6 client's /64).
    public let maximumConnectionsPerAddress: Int
    /// Connections at once that have not authenticated yet (pending).
    public let maximumUnauthenticated: Int
    /// Pending connections at once from one address (an IPv6 client's /64).
    public let maximumPendingPerAddress: Int
    /// Sessions at once from one address (an IPv6 client's /64).
    public let maximumSessionsPerAddress: Int
    /// Log lines a second about refusals (`refusalToLog()`).
    public let refusalLogLinesPerSecond: Int
    /// OpenSSH's `MaxStartups start:rate:full`, with `maximumUnauthenticated`
    /// as full: from `start` connections still authenticating, a new one is
    /// refused with a chance of `rate` percent, rising linearly to 100 at full.
    public let earlyDrop: (start: Int, rate: Int)
    private let randomPercent: @Sendable () -> Int

    /// `randomPercent` draws a number in 0..<100 (a test makes it predictable).
    public init(maximumSessions: Int, maximumConnectionsPerAddress: Int, maximumUnauthenticated: Int = .max,
                 maximumSessionsPerAddress: Int = .max, maximumPendingPerAddress: Int = .max,
                 earlyDrop: (start: Int, rate: Int) = (.max, 0), refusalLogLinesPerSecond: Int = .max,
                 randomPercent: @escaping @Sendable () -> Int = { Int.random(in: 0..<100) }) {
        self.refusalLogLinesPerSecond = refusalLogLinesPerSecond
        self.maximumSessions = maximumSessions
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.maximumUnauthenticated = maximumUnauthenticated
        self.maximumPendingPerAddress = maximumPendingPerAddress
        self.maximumSessionsPerAddress = maximumSessionsPerAddress
        self.earlyDrop = earlyDrop
        self.randomPercent = randomPercent
    }

    /// Counts by `limits` (and OpenSSH's random early drop, when a transport has it).
    public convenience init(limits: SessionLimits, earlyDrop: (start: Int, rate: Int) = (.max, 0)) {
        self.init(maximumSessions: limits.maximumSessions, maximumConnectionsPerAddress: limits.maximumConnectionsPerAddress,
                  maximumUnauthenticated: limits.maximumPendingConnections,
                  maximumSessionsPerAddress: limits.maximumSessionsPerAddress,
                  maximumPendingPerAddress: limits.maximumPendingPerAddress, earlyDrop: earlyDrop,
                  refusalLogLinesPerSecond: limits.refusalLogLinesPerSecond)
    }

    /// Whether a refusal may be logged now: nil when this second has had
    /// its `refusalLogLinesPerSecond` lines (the refusal is counted
    /// instead), else how many refusals went unlogged before this one, for
    /// the line to say. `now` in nanoseconds of uptime (a test sets it).
    public func refusalToLog(now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> Int? {
        let second = now / 1_000_000_000
        return state.withLockedValue { state in
            if state.refusalLogSecond != second {
                state.refusalLogSecond = second
                state.refusalLogLines = 0
            }
            guard state.refusalLogLines < refusalLogLinesPerSecond else {
                state.refusalsUnlogged += 1
                return nil
            }
            state.refusalLogLines += 1
            defer { state.refusalsUnlogged = 0 }
            return state.refusalsUnlogged
        }
    }

    /// Whether a new connection is dropped at random with `unauthenticated`
    /// connections already authenticating.
    private func dropsEarly(unauthenticated: Int) -> Bool {
        guard unauthenticated >= earlyDrop.start else { return false }
        let span = max(1, maximumUnauthenticated - earlyDrop.start)
        let chance = earlyDrop.rate + (100 - earlyDrop.rate) * (unauthenticated - earlyDrop.start) / span
        return randomPercent() < chance
    }

    /// Counts a connection that has not sent its PROXY header yet, by the
    /// socket's own address (all a silent connection has), against the
    /// per-address maximum and among those still authenticating; or says
    /// why it is refused. Pair with `closeAwaitingHeader(from:)`, when the
    /// header comes or the connection closes first.
    public func openAwaitingHeader(from socketAddress: String) -> Refusal? {
        admit(into: \.awaitingHeaderPerAddress, group: Self.group(socketAddress), draws: true, pending: false)
    }

    /// The header came (or the connection closed before it did): its place
    /// is free, and `openConnection` counts the client it names.
    public func closeAwaitingHeader(from socketAddress: String) {
        let group = Self.group(socketAddress)
        state.withLockedValue { state in
            let waiting = state.awaitingHeaderPerAddress[group, default: 0] - 1
            state.awaitingHeaderPerAddress[group] = waiting > 0 ? waiting : nil
            state.unauthenticated -= 1
        }
    }

    /// Counts a new, not yet authenticated connection from `address`, or
    /// says why it is refused: the address (or its IPv6 /64) has its
    /// maximum of connections or of pending ones, too many connections are still authenticating, the draw of
    /// the random early drop (OpenSSH's `MaxStartups`) refused it, or the
    /// server is shutting down. `admitted`: it passed that draw already (a
    /// PROXY connection, drawn for when it arrived). Pair with
    /// `connectionAuthenticated(from:)` when it becomes a session and `closeConnection`.
    public func openConnection(from address: String, admitted: Bool = false) -> Refusal? {
        admit(into: \.connectionsPerAddress, group: Self.group(address), draws: !admitted, pending: true)
    }

    /// One more connection in `counts` for `group`, and among those still
    /// authenticating (and, when `pending`, among the address's pending
    /// ones), unless a limit (or the early drop, when it `draws`) refuses it.
    private func admit(into counts: WritableKeyPath<State, [String: Int]>, group: String, draws: Bool,
                       pending: Bool) -> Refusal? {
        state.withLockedValue { state in
            guard state.accepting else { return .shuttingDown }
            let open = state[keyPath: counts][group, default: 0]
            guard open < maximumConnectionsPerAddress else { return .tooManyFromAddress }
            let pendingHere = state.pendingPerAddress[group, default: 0]
            guard !pending || pendingHere < maximumPendingPerAddress else { return .tooManyPendingFromAddress }
            guard state.unauthenticated < maximumUnauthenticated else { return .tooManyUnauthenticated }
            guard !draws || !dropsEarly(unauthenticated: state.unauthenticated) else { return .droppedEarly }
            state[keyPath: counts][group] = open + 1
            if pending { state.pendingPerAddress[group] = pendingHere + 1 }
            state.unauthenticated += 1
            return nil
        }
    }

    /// A connection from `address` authenticated (became a session): its
    /// places among those pending, in total and for its address, are free.
    /// Once per connection.
    public func connectionAuthenticated(from address: String) {
        let group = Self.group(address)
        state.withLockedValue { state in
            state.unauthenticated -= 1
            Self.decrement(&state.pendingPerAddress, group)
        }
    }

    /// A connection authenticated, its address not said: frees its place
    /// among those pending in total only, so a registry with a
    /// `maximumPendingPerAddress` would keep the address's place taken.
    @available(*, deprecated, renamed: "connectionAuthenticated(from:)")
    public func connectionAuthenticated() {
        state.withLockedValue { $0.unauthenticated -= 1 }
    }

    /// A connection from `address` closed (`authenticated`: it had, so it
    /// no longer counts among those pending).
    public func closeConnection(from address: String, authenticated: Bool) {
        let group = Self.group(address)
        state.withLockedValue { state in
            Self.decrement(&state.connectionsPerAddress, group)
            if !authenticated {
                state.unauthenticated -= 1
                Self.decrement(&state.pendingPerAddress, group)
            }
        }
    }

    private static func decrement(_ counts: inout [String: Int], _ group: String) {
        let left = counts[group, default: 0] - 1
        counts[group] = left > 0 ? left : nil
    }

    private static func group(_ address: String) -> String {
        ClientAddress(address)?.limitGroup ?? address
    }

    /// Holds a session place for a client at `address`, or says why not:
    /// the server is full, that address (or its IPv6 /64) has its own
    /// maximum of sessions, or the server is shutting down. Pair with
    /// `releaseSession` for the same address.
    public func reserveSession(from address: String) -> SessionRefusal? {
        let group = Self.group(address)
        return state.withLockedValue { state in
            guard state.accepting else { return .shuttingDown }
            guard state.reservedSessions < maximumSessions else { return .full }
            let fromAddress = state.sessionsPerAddress[group, default: 0]
            guard fromAddress < maximumSessionsPerAddress else { return .tooManyFromAddress }
            state.reservedSessions += 1
            state.sessionsPerAddress[group] = fromAddress + 1
            return nil
        }
    }

    /// The app of a reserved session runs as `pid` (shutdown finds it here).
    public func appStarted(_ pid: pid_t) {
        state.withLockedValue { _ = $0.runningApps.insert(pid) }
    }

    /// A session from `address` ended; `pid` its app, if one started.
    public func releaseSession(from address: String, app pid: pid_t?) {
        let group = Self.group(address)
        state.withLockedValue { state in
            state.reservedSessions -= 1
            let fromAddress = state.sessionsPerAddress[group, default: 0] - 1
            state.sessionsPerAddress[group] = fromAddress > 0 ? fromAddress : nil
            if let pid { state.runningApps.remove(pid) }
        }
    }

    /// Refuses every new connection and session from now on.
    public func stopAccepting() {
        state.withLockedValue { $0.accepting = false }
    }

    /// The apps running now.
    public var runningApps: Set<pid_t> { state.withLockedValue { $0.runningApps } }
    /// Sessions reserved now.
    public var sessionCount: Int { state.withLockedValue { $0.reservedSessions } }
    /// False once `stopAccepting()` was called.
    public var isAccepting: Bool { state.withLockedValue { $0.accepting } }
    /// Connections still authenticating (pending) now.
    public var unauthenticatedCount: Int { state.withLockedValue { $0.unauthenticated } }
    /// Pending connections from `address` (its IPv6 /64) now.
    public func pendingCount(from address: String) -> Int {
        state.withLockedValue { $0.pendingPerAddress[Self.group(address), default: 0] }
    }
}
