/// Who an app started by `catalog serve` runs as: decided by the server from
/// what authenticated (a key's account, a password, or a guest key), and
/// fixed for the whole SSH session.
package enum ServedIdentity: Sendable, Equatable, CustomStringConvertible {
    case account(String)
    case guest

    /// The command-line form: `guest`, or the account's email.
    package init(argument: String) {
        self = argument == "guest" ? .guest : .account(argument)
    }

    package var argument: String {
        switch self {
        case .account(let email): email
        case .guest: "guest"
        }
    }

    package var description: String { argument }
}

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
