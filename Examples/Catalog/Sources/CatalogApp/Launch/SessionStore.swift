import CatalogModel
import CatalogPresenters

/// The signed-in account, kept in the data directory's `session` file so the
/// next start skips login until sign-out. Guests are not remembered.
@MainActor
package final class SessionStore: SessionStoring {
    private let file: SessionFile
    private let accounts: AccountStore

    package init(file: SessionFile, accounts: AccountStore) {
        self.file = file
        self.accounts = accounts
    }

    package func restore() -> Session? {
        guard let email = file.read(), let account = try? accounts.account(email: email) else { return nil }
        return .signedIn(account)
    }

    package func save(_ session: Session) {
        guard let account = session.account else { return }
        try? file.write(email: account.email)
    }

    package func clear() { try? file.clear() }
}
