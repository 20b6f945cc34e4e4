import Foundation
import NIOConcurrencyHelpers

/// Counts what the server's limits are about, across event-loop threads:
/// open connections per source address (an IPv6 client's whole /64),
/// connections that have not authenticated yet (those still waiting for
/// their PROXY header among them, counted by the socket's own address),
/// and running sessions (each one app process) in total and per address,
/// which shutdown also needs to find.
public final class ConnectionRegistry: Sendable {
    /// Why a connection was turned away, for the log.
    public enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case tooManyFromAddress
        case tooManyUnauthenticated
        case droppedEarly
        case shuttingDown

        /// The reason, as the log says it.
        public var description: String {
            switch self {
            case .tooManyFromAddress: "too many connections from this address"
            case .tooManyUnauthenticated: "too many connections still authenticating"
            case .droppedEarly: "many connections still authenticating (random early drop)"
            case .shuttingDown: "shutting down"
            }
        }
    }

    /// Why a session was not started.
    public enum SessionRefusal: Sendable, Equatable {
        case full
        case tooManyFromAddress
        case shuttingDown
    }

    private struct State {
        var connectionsPerAddress: [String: Int] = [:]
        var awaitingHeaderPerAddress: [String: Int] = [:]
        var unauthenticated = 0
        var reservedSessions = 0
        var sessionsPerAddress: [String: Int] = [:]
        var runningApps: Set<pid_t> = []
        var accepting = true
    }

    private let state = NIOLockedValueBox(State())
    /// Sessions at once, in total.
    public let maximumSessions: Int
    /// Connections at once from one address (an IPv6 client's /64).
    public let maximumConnectionsPerAddress: Int
    /// Connections at once that have not authenticated yet.
    public let maximumUnauthenticated: Int
    /// Sessions at once from one address (an IPv6 client's /64).
    public let maximumSessionsPerAddress: Int
    /// OpenSSH's `MaxStartups start:rate:full`, with `maximumUnauthenticated`
    /// as full: from `start` connections still authenticating, a new one is
    /// refused with a chance of `rate` percent, rising linearly to 100 at full.
    public let earlyDrop: (start: Int, rate: Int)
    private let randomPercent: @Sendable () -> Int

    /// `randomPercent` draws a number in 0..<100 (a test makes it predictable).
    public init(maximumSessions: Int, maximumConnectionsPerAddress: Int, maximumUnauthenticated: Int = .max,
                 maximumSessionsPerAddress: Int = .max, earlyDrop: (start: Int, rate: Int) = (.max, 0),
                 randomPercent: @escaping @Sendable () -> Int = { Int.random(in: 0..<100) }) {
        self.maximumSessions = maximumSessions
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.maximumUnauthenticated = maximumUnauthenticated
        self.maximumSessionsPerAddress = maximumSessionsPerAddress
        self.earlyDrop = earlyDrop
        self.randomPercent = randomPercent
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
        admit(into: \.awaitingHeaderPerAddress, group: Self.group(socketAddress), draws: true)
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
    /// maximum, too many connections are still authenticating, the draw of
    /// the random early drop (OpenSSH's `MaxStartups`) refused it, or the
    /// server is shutting down. `admitted`: it passed that draw already (a
    /// PROXY connection, drawn for when it arrived). Pair with `closeConnection`.
    public func openConnection(from address: String, admitted: Bool = false) -> Refusal? {
        admit(into: \.connectionsPerAddress, group: Self.group(address), draws: !admitted)
    }

    /// One more connection in `counts` for `group`, and among those still
    /// authenticating, unless a limit (or the early drop, when it `draws`) refuses it.
    private func admit(into counts: WritableKeyPath<State, [String: Int]>, group: String, draws: Bool) -> Refusal? {
        state.withLockedValue { state in
            guard state.accepting else { return .shuttingDown }
            let open = state[keyPath: counts][group, default: 0]
            guard open < maximumConnectionsPerAddress else { return .tooManyFromAddress }
            guard state.unauthenticated < maximumUnauthenticated else { return .tooManyUnauthenticated }
            guard !draws || !dropsEarly(unauthenticated: state.unauthenticated) else { return .droppedEarly }
            state[keyPath: counts][group] = open + 1
            state.unauthenticated += 1
            return nil
        }
    }

    /// A connection authenticated: its place among those still
    /// authenticating is free. Once per connection.
    public func connectionAuthenticated() {
        state.withLockedValue { $0.unauthenticated -= 1 }
    }

    /// A connection from `address` closed (`authenticated`: it had, so it
    /// no longer counts among those authenticating).
    public func closeConnection(from address: String, authenticated: Bool) {
        let group = Self.group(address)
        state.withLockedValue { state in
            let open = state.connectionsPerAddress[group, default: 0] - 1
            state.connectionsPerAddress[group] = open > 0 ? open : nil
            if !authenticated { state.unauthenticated -= 1 }
        }
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
    /// Connections still authenticating now.
    public var unauthenticatedCount: Int { state.withLockedValue { $0.unauthenticated } }
}
