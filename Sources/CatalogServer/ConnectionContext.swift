import CatalogApp
import Logging
import NIOConcurrencyHelpers

/// What one TCP connection knows about itself, shared by its authenticator
/// (which sets the identity) and its session channels (which start the app
/// as that identity).
final class ConnectionContext: Sendable {
    let peer: String
    let logger: Logger
    private let authenticated = NIOLockedValueBox<ServedIdentity?>(nil)

    init(peer: String, logger: Logger) {
        self.peer = peer
        var logger = logger
        logger[metadataKey: "peer"] = "\(peer)"
        self.logger = logger
    }

    var identity: ServedIdentity? {
        get { authenticated.withLockedValue { $0 } }
        set { authenticated.withLockedValue { $0 = newValue } }
    }
}
