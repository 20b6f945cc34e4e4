import CatalogModel
import CatalogPresenters

/// The session of a served app: the server's identity, never saved to or
/// cleared from the data directory's `session` file (that belongs to local runs).
@MainActor
final class ServedSessionStore: SessionStoring {
    private let session: Session

    init(session: Session) {
        self.session = session
    }

    func restore() -> Session? { session }
    func save(_ session: Session) {}
    func clear() {}
}
