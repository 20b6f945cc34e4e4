import Logging
import NIOConcurrencyHelpers
import NIOCore

/// What one TCP connection knows about itself, shared by its authenticator
/// (which sets the identity) and its session channels (which start the app
/// as that identity).
final class ConnectionContext: Sendable {
    let peer: String
    let logger: Logger
    private let authenticated = NIOLockedValueBox<SSHIdentity?>(nil)

    init(peer: String, logger: Logger) {
        self.peer = peer
        var logger = logger
        logger[metadataKey: "peer"] = "\(peer)"
        self.logger = logger
    }

    var identity: SSHIdentity? {
        get { authenticated.withLockedValue { $0 } }
        set { authenticated.withLockedValue { $0 = newValue } }
    }

    /// Running sessions' hang-ups, so the connection can end its apps
    /// cleanly (their terminal restored on the client) before it closes.
    private let hangUps = NIOLockedValueBox<[ObjectIdentifier: NIOLoopBound<(String) -> Void>]>([:])

    func addHangUp(for session: ObjectIdentifier, _ hangUp: NIOLoopBound<(String) -> Void>) {
        hangUps.withLockedValue { $0[session] = hangUp }
    }

    func removeHangUp(for session: ObjectIdentifier) {
        hangUps.withLockedValue { $0[session] = nil }
    }

    /// Hangs up every running session with `reason` (on the connection's
    /// event loop); returns how many there were.
    @discardableResult
    func hangUpSessions(reason: String) -> Int {
        let all = hangUps.withLockedValue { Array($0.values) }
        for hangUp in all { hangUp.value(reason) }
        return all.count
    }
}
