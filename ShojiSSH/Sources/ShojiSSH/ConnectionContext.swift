import Logging
import NIOConcurrencyHelpers
import NIOCore
import ShojiSessions

/// What one TCP connection knows about itself, shared by its authenticator
/// (which sets the identity), its guard (idle time, the socket's
/// writability) and its session channels (which start the app as that
/// identity).
final class ConnectionContext: Sendable {
    let peer: String
    let logger: Logger
    private let registry: ConnectionRegistry
    private let maximumSessions: Int
    private let state = NIOLockedValueBox(State())

    private struct State {
        var identity: SSHIdentity?
        var sessionChannels = 0
        var clock = SessionClock()
        var socketWritable = true
        var hangUps: [ObjectIdentifier: NIOLoopBound<(String) -> Void>] = [:]
        var writabilityObservers: [ObjectIdentifier: NIOLoopBound<() -> Void>] = [:]
    }

    /// `peer` is already checked (an address) or the socket's own; it is
    /// logged as it is.
    init(peer: String, logger: Logger, registry: ConnectionRegistry, maximumSessions: Int) {
        self.peer = peer
        var logger = logger
        logger[metadataKey: "peer"] = "\(peer)"
        self.logger = logger
        self.registry = registry
        self.maximumSessions = maximumSessions
    }

    var identity: SSHIdentity? { state.withLockedValue { $0.identity } }

    /// Fixes who this connection runs as (once; later calls are ignored) and
    /// frees its place among the connections still authenticating.
    func authenticated(as identity: SSHIdentity) {
        let first = state.withLockedValue { state in
            guard state.identity == nil else { return false }
            state.identity = identity
            state.clock = SessionClock()
            return true
        }
        if first { registry.connectionAuthenticated(from: peer) }
    }

    // MARK: Sessions on this connection

    /// Takes one of the connection's session places (OpenSSH's `MaxSessions`),
    /// or false when it has them all. Pair with `sessionChannelClosed`.
    func openSessionChannel() -> Bool {
        state.withLockedValue { state in
            guard state.sessionChannels < maximumSessions else { return false }
            state.sessionChannels += 1
            return true
        }
    }

    func sessionChannelClosed() {
        state.withLockedValue { $0.sessionChannels -= 1 }
    }

    // MARK: Idle time

    /// The user typed or pasted: what the idle timeout and the input
    /// grace period count. SSH keepalives and other protocol chatter do not call this.
    func noteKeys() {
        state.withLockedValue { $0.clock.noteKeys() }
    }

    /// The user resized a window: what the idle timeout counts (not the grace period).
    func noteResize() {
        state.withLockedValue { $0.clock.noteResize() }
    }

    /// When the connection's user last gave input, and whether they typed yet.
    var clock: SessionClock { state.withLockedValue { $0.clock } }

    // MARK: The socket's writability

    /// False while the socket has more waiting to be sent than its high
    /// water mark: the client (or the network) is not taking what the
    /// server writes. swift-nio-ssh does not pass this on to its channels,
    /// so sessions ask here before reading more of their app's output.
    var isSocketWritable: Bool { state.withLockedValue { $0.socketWritable } }

    /// Called by the connection's guard, on the connection's event loop.
    func socketWritabilityChanged(_ writable: Bool) {
        let observers = state.withLockedValue { state in
            state.socketWritable = writable
            return Array(state.writabilityObservers.values)
        }
        for observer in observers { observer.value() }
    }

    /// `observer` runs on the connection's event loop whenever the socket's
    /// writability changes.
    func observeSocketWritability(for session: ObjectIdentifier, _ observer: NIOLoopBound<() -> Void>?) {
        state.withLockedValue { $0.writabilityObservers[session] = observer }
    }

    // MARK: Hanging up

    /// Running sessions' hang-ups, so the connection can end its apps
    /// cleanly (their terminal restored on the client) before it closes.
    func addHangUp(for session: ObjectIdentifier, _ hangUp: NIOLoopBound<(String) -> Void>) {
        state.withLockedValue { $0.hangUps[session] = hangUp }
    }

    func removeHangUp(for session: ObjectIdentifier) {
        state.withLockedValue { $0.hangUps[session] = nil }
    }

    /// Hangs up every running session with `reason` (on the connection's
    /// event loop); returns how many there were.
    @discardableResult
    func hangUpSessions(reason: String) -> Int {
        let all = state.withLockedValue { Array($0.hangUps.values) }
        for hangUp in all { hangUp.value(reason) }
        return all.count
    }
}
