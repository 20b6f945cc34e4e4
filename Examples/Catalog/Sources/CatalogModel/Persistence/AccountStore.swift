/// Sign-up and sign-in against the account records of a `CatalogStorage`.
/// Passwords are hashed with scrypt (PasswordHasher) and never stored,
/// logged or returned.
package struct AccountStore: Sendable {
    package static let minimumPasswordLength = 8

    private let database: any AccountRecords
    private let hasher: PasswordHasher

    package init(database: any AccountRecords, hasher: PasswordHasher = PasswordHasher()) {
        self.database = database
        self.hasher = hasher
    }

    /// Checks the form in the order a person fixes it (email, password
    /// length, confirmation), then creates the account.
    package func signUp(email: String, password: String, confirmation: String) throws(AccountError) -> Account {
        let email = EmailAddress.normalise(email)
        guard EmailAddress.isValid(email) else { throw .malformedEmail }
        guard password.count >= Self.minimumPasswordLength else { throw .passwordTooShort(minimum: Self.minimumPasswordLength) }
        guard password == confirmation else { throw .passwordsDiffer }
        let hashed: PasswordHasher.Hashed
        do {
            hashed = try hasher.hash(password)
        } catch {
            throw .storage(StorageError(action: "hash the password", error: error))
        }
        let created: Account?
        do {
            created = try database.insertAccount(email: email, password: hashed)
        } catch {
            throw .storage(error)
        }
        guard let created else { throw .accountExists }
        return created
    }

    /// Signs in, or throws `.wrongCredentials` for an unknown email and a
    /// wrong password alike. An unknown email still costs one scrypt run, so
    /// the answer takes as long either way.
    package func signIn(email: String, password: String) throws(AccountError) -> Account {
        let email = EmailAddress.normalise(email)
        let found: (account: Account, password: PasswordHasher.Hashed)?
        do {
            found = try storedCredentials(email: email)
        } catch {
            throw .storage(error)
        }
        guard let found else {
            _ = try? hasher.hash(password)
            throw .wrongCredentials
        }
        let matches: Bool
        do {
            matches = try hasher.verify(password, against: found.password)
        } catch {
            throw .storage(StorageError(action: "check the password", error: error))
        }
        guard matches else { throw .wrongCredentials }
        return found.account
    }

    /// The account and its salted hash for a normalised email.
    func storedCredentials(email: String) throws(StorageError) -> (account: Account, password: PasswordHasher.Hashed)? {
        try database.credentials(email: email)
    }

    /// The account for a saved session's email, if it still exists.
    package func account(email: String) throws(StorageError) -> Account? {
        try storedCredentials(email: EmailAddress.normalise(email))?.account
    }
}
