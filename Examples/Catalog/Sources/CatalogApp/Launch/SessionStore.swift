/// The signed-in account, kept in the data directory's `session` file so the
/// next start skips login until sign-out. Guests are not remembered.
@MainActor
public final class SessionStore: SessionStoring {
    private let file: SessionFile
    private let accounts: AccountStore

    public init(file: SessionFile, accounts: AccountStore) {
        self.file = file
        self.accounts = accounts
    }

    public func restore() -> Session? {
        guard let email = file.read(), let account = try? accounts.account(email: email) else { return nil }
        return .signedIn(account)
    }

    public func save(_ session: Session) {
        guard let account = session.account else { return }
        try? file.write(email: account.email)
    }

    public func clear() { try? file.clear() }
}
