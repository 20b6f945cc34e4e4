import Foundation
import GRDB

/// Sign-up and sign-in against the `account` table. Passwords are hashed
/// with scrypt (PasswordHasher) and never stored, logged or returned.
package struct AccountStore: Sendable {
    package static let minimumPasswordLength = 8

    private let database: CatalogDatabase
    private let hasher: PasswordHasher

    package init(database: CatalogDatabase, hasher: PasswordHasher = PasswordHasher()) {
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
            created = try database.write("create the account") { db -> Account? in
                if try Row.fetchOne(db, sql: "SELECT 1 FROM account WHERE email = ?", arguments: [email]) != nil { return nil }
                try db.execute(
                    sql: """
                    INSERT INTO account (email, passwordSalt, passwordHash, scryptRounds, scryptBlockSize, scryptParallelism, createdAt)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """,
                    arguments: [email, Data(hashed.salt), Data(hashed.hash), hashed.parameters.rounds,
                                hashed.parameters.blockSize, hashed.parameters.parallelism, Date()])
                return Account(id: db.lastInsertedRowID, email: email)
            }
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
        try database.read("look up the account") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email]) else { return nil }
            let password = PasswordHasher.Hashed(
                salt: [UInt8](row["passwordSalt"] as Data),
                hash: [UInt8](row["passwordHash"] as Data),
                parameters: .init(rounds: row["scryptRounds"], blockSize: row["scryptBlockSize"], parallelism: row["scryptParallelism"]))
            return (Account(id: row["id"], email: email), password)
        }
    }

    /// The account for a saved session's email, if it still exists.
    package func account(email: String) throws(StorageError) -> Account? {
        try storedCredentials(email: EmailAddress.normalise(email))?.account
    }
}
