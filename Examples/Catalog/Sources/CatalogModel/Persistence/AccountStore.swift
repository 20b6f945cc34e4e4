import Foundation

/// Sign-up and sign-in against the account records of a `CatalogStorage`.
/// Passwords are hashed with scrypt (PasswordHasher) and never stored,
/// logged or returned. Wrong passwords are counted per account in the
/// storage, across sessions and servers, and lock it for a while
/// (`SignInLockPolicy`).
package struct AccountStore: Sendable {
    package static let minimumPasswordLength = 8

    private let database: any AccountRecords
    private let hasher: PasswordHasher
    private let policy: SignInLockPolicy
    private let now: @Sendable () -> Date

    /// `now` is the time locks are measured in (a test moves it by hand).
    package init(database: any AccountRecords, hasher: PasswordHasher = PasswordHasher(),
                 policy: SignInLockPolicy = .standard, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.hasher = hasher
        self.policy = policy
        self.now = now
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
    /// the answer takes as long either way. A locked account is refused
    /// before any scrypt run (`.accountLocked`); the wrong password that
    /// reaches the bound says so at once.
    package func signIn(email: String, password: String) throws(AccountError) -> Account {
        let email = EmailAddress.normalise(email)
        let found: (account: Account, password: PasswordHasher.Hashed)?
        let lock: SignInLock
        do {
            found = try storedCredentials(email: email)
            lock = if let found { try database.signInLock(accountID: found.account.id) } else { SignInLock() }
        } catch {
            throw .storage(error)
        }
        let time = now()
        if lock.isLocked(at: time) { throw locked(lock, at: time) }
        // An operator's account has no password (it signs in by its key): nothing to guess, nothing to count.
        guard let found, !found.password.hash.isEmpty else {
            _ = try? hasher.hash(password)
            throw .wrongCredentials
        }
        let matches: Bool
        do {
            matches = try hasher.verify(password, against: found.password)
        } catch {
            throw .storage(StorageError(action: "check the password", error: error))
        }
        guard matches else {
            let after: SignInLock
            do {
                after = try database.recordFailedSignIn(accountID: found.account.id, policy: policy, now: time)
            } catch {
                throw .storage(error)
            }
            throw after.isLocked(at: time) ? locked(after, at: time) : .wrongCredentials
        }
        if lock != SignInLock() {
            do {
                try database.clearFailedSignIns(accountID: found.account.id)
            } catch {
                throw .storage(error)
            }
        }
        return found.account
    }

    private func locked(_ lock: SignInLock, at time: Date) -> AccountError {
        let seconds = (lock.lockedUntil ?? time).timeIntervalSince(time)
        return .accountLocked(failures: policy.bound, minutes: max(1, Int((seconds / 60).rounded(.up))))
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
