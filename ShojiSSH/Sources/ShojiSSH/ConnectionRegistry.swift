import Foundation
import NIOConcurrencyHelpers

/// Counts what the server's limits are about, across event-loop threads:
/// open connections per source address (an IPv6 client's whole /64),
/// connections that have not authenticated yet, and running sessions (each
/// one app process), which shutdown also needs to find.
package final class ConnectionRegistry: Sendable {
    /// Why a connection was turned away, for the log.
    package enum Refusal: Sendable, Equatable, CustomStringConvertible {
        case tooManyFromAddress
        case tooManyUnauthenticated
        case shuttingDown

        package var description: String {
            switch self {
            case .tooManyFromAddress: "too many connections from this address"
            case .tooManyUnauthenticated: "too many connections still authenticating"
            case .shuttingDown: "shutting down"
            }
        }
    }

    private struct State {
        var connectionsPerAddress: [String: Int] = [:]
        var unauthenticated = 0
        var reservedSessions = 0
        var runningApps: Set<pid_t> = []
        var accepting = true
    }

    private let state = NIOLockedValueBox(State())
    package let maximumSessions: Int
    package let maximumConnectionsPerAddress: Int
    package let maximumUnauthenticated: Int

    package init(maximumSessions: Int, maximumConnectionsPerAddress: Int, maximumUnauthenticated: Int = .max) {
        self.maximumSessions = maximumSessions
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
        self.maximumUnauthenticated = maximumUnauthenticated
    }

    /// Counts a new, not yet authenticated connection from `address`, or
    /// says why it is refused: the address (or its IPv6 /64) has its
    /// maximum, too many connections are still authenticating, or the
    /// server is shutting down. Pair with `closeConnection`.
    package func openConnection(from address: String) -> Refusal? {
        let group = Self.group(address)
        return state.withLockedValue { state in
            guard state.accepting else { return .shuttingDown }
            let open = state.connectionsPerAddress[group, default: 0]
            guard open < maximumConnectionsPerAddress else { return .tooManyFromAddress }
            guard state.unauthenticated < maximumUnauthenticated else { return .tooManyUnauthenticated }
            state.connectionsPerAddress[group] = open + 1
            state.unauthenticated += 1
            return nil
        }
    }

    /// A connection authenticated: its place among those still
    /// authenticating is free. Once per connection.
    package func connectionAuthenticated() {
        state.withLockedValue { $0.unauthenticated -= 1 }
    }

    package func closeConnection(from address: String, authenticated: Bool) {
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

    /// Holds a session place, or refuses (false) when the server is full or
    /// shutting down. Pair with `releaseSession`.
    package func reserveSession() -> Bool {
        state.withLockedValue { state in
            guard state.accepting, state.reservedSessions < maximumSessions else { return false }
            state.reservedSessions += 1
            return true
        }
    }

    package func appStarted(_ pid: pid_t) {
        state.withLockedValue { _ = $0.runningApps.insert(pid) }
    }

    package func releaseSession(app pid: pid_t?) {
        state.withLockedValue { state in
            state.reservedSessions -= 1
            if let pid { state.runningApps.remove(pid) }
        }
    }

    /// Refuses every new connection and session from now on.
    package func stopAccepting() {
        state.withLockedValue { $0.accepting = false }
    }

    package var runningApps: Set<pid_t> { state.withLockedValue { $0.runningApps } }
    package var sessionCount: Int { state.withLockedValue { $0.reservedSessions } }
    package var isAccepting: Bool { state.withLockedValue { $0.accepting } }
    package var unauthenticatedCount: Int { state.withLockedValue { $0.unauthenticated } }
}
