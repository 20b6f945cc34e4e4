import CatalogModel
import Foundation
import PostgresNIO

// Wrong passwords counted per account (`SignInLock`), in PostgreSQL.

extension PostgresCatalogStorage {
    package func signInLock(accountID: Int64) throws(StorageError) -> SignInLock {
        try read("read the account's wrong passwords") { sql in try Self.signInLock(accountID, sql, forUpdate: false) }
    }

    /// The row is locked (`FOR UPDATE`) from the read to the write, so
    /// servers counting at once never count on from the same value.
    package func recordFailedSignIn(accountID: Int64, policy: SignInLockPolicy, now: Date) throws(StorageError) -> SignInLock {
        try transaction("count a wrong password") { sql in
            let after = policy.failing(try Self.signInLock(accountID, sql, forUpdate: true), at: now)
            try sql.run("""
                UPDATE account SET failed_sign_ins = \(after.failures), sign_in_locks = \(after.locks),
                    locked_until = \(after.lockedUntil?.timeIntervalSince1970) WHERE id = \(accountID)
                """)
            return after
        }
    }

    package func clearFailedSignIns(accountID: Int64) throws(StorageError) {
        try transaction("clear the wrong passwords") { sql in
            try sql.run("UPDATE account SET failed_sign_ins = 0, sign_in_locks = 0, locked_until = NULL WHERE id = \(accountID)")
        }
    }

    private static func signInLock(_ accountID: Int64, _ sql: Statements, forUpdate: Bool) throws -> SignInLock {
        let query: PostgresQuery = forUpdate
            ? "SELECT failed_sign_ins, sign_in_locks, locked_until FROM account WHERE id = \(accountID) FOR UPDATE"
            : "SELECT failed_sign_ins, sign_in_locks, locked_until FROM account WHERE id = \(accountID)"
        guard let row = try sql.run(query).rows.first else { return SignInLock() }
        let (failures, locks, until) = try row.decode((Int, Int, Double?).self)
        return SignInLock(failures: failures, locks: locks, lockedUntil: until.map(Date.init(timeIntervalSince1970:)))
    }
}
