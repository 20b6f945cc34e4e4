import Foundation
import NIOConcurrencyHelpers

/// Counts what the server's limits are about, across event-loop threads:
/// open connections per source address, and running sessions (each one app
/// process), which shutdown also needs to find.
package final class ConnectionRegistry: Sendable {
    private struct State {
        var connectionsPerAddress: [String: Int] = [:]
        var reservedSessions = 0
        var runningApps: Set<pid_t> = []
        var accepting = true
    }

    private let state = NIOLockedValueBox(State())
    package let maximumSessions: Int
    package let maximumConnectionsPerAddress: Int

    package init(maximumSessions: Int, maximumConnectionsPerAddress: Int) {
        self.maximumSessions = maximumSessions
        self.maximumConnectionsPerAddress = maximumConnectionsPerAddress
    }

    /// Counts a new connection from `address`, or refuses it (false) when the
    /// address already has its maximum or the server is shutting down.
    package func openConnection(from address: String) -> Bool {
        state.withLockedValue { state in
            let open = state.connectionsPerAddress[address, default: 0]
            guard state.accepting, open < maximumConnectionsPerAddress else { return false }
            state.connectionsPerAddress[address] = open + 1
            return true
        }
    }

    package func closeConnection(from address: String) {
        state.withLockedValue { state in
            let open = state.connectionsPerAddress[address, default: 0] - 1
            state.connectionsPerAddress[address] = open > 0 ? open : nil
        }
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
}
