import Foundation
import GRDB

/// Sign-up and sign-in against the `account` table. Passwords are hashed
/// with scrypt (PasswordHasher) and never stored, logged or returned.
public struct AccountStore: Sendable {
    public static let minimumPasswordLength = 8

    private let database: CatalogDatabase
    private let hasher: PasswordHasher

    public init(database: CatalogDatabase, hasher: PasswordHasher = PasswordHasher()) {
        self.database = database
        self.hasher = hasher
    }

    /// Checks the form in the order a person fixes it (email, password
    /// length, confirmation), then creates the account.
    public func signUp(email: String, password: String, confirmation: String) throws(AccountError) -> Account {
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
    public func signIn(email: String, password: String) throws(AccountError) -> Account {
        let email = EmailAddress.normalise(email)
        let row: Row?
        do {
            row = try database.read("look up the account") { db in
                try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email])
            }
        } catch {
            throw .storage(error)
        }
        guard let row else {
            _ = try? hasher.hash(password)
            throw .wrongCredentials
        }
        let stored = PasswordHasher.Hashed(
            salt: [UInt8](row["passwordSalt"] as Data),
            hash: [UInt8](row["passwordHash"] as Data),
            parameters: .init(rounds: row["scryptRounds"], blockSize: row["scryptBlockSize"], parallelism: row["scryptParallelism"]))
        let matches: Bool
        do {
            matches = try hasher.verify(password, against: stored)
        } catch {
            throw .storage(StorageError(action: "check the password", error: error))
        }
        guard matches else { throw .wrongCredentials }
        return Account(id: row["id"], email: email)
    }

    /// The account for a saved session's email, if it still exists.
    public func account(email: String) throws(StorageError) -> Account? {
        let email = EmailAddress.normalise(email)
        return try database.read("look up the account") { db in
            try Int64.fetchOne(db, sql: "SELECT id FROM account WHERE email = ?", arguments: [email])
                .map { Account(id: $0, email: email) }
        }
    }
}
