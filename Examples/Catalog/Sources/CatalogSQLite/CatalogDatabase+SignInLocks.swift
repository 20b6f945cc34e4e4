import CatalogModel
import Foundation
import GRDB

// Wrong passwords counted per account (`SignInLock`), in `catalog.sqlite`.

extension CatalogDatabase {
    package func signInLock(accountID: Int64) throws(StorageError) -> SignInLock {
        try read("read the account's wrong passwords") { db in try Self.signInLock(accountID, db) }
    }

    /// A write transaction is IMMEDIATE (GRDB 7): it holds the write lock
    /// from its start, so two processes never count on from the same value.
    package func recordFailedSignIn(accountID: Int64, policy: SignInLockPolicy, now: Date) throws(StorageError) -> SignInLock {
        try write("count a wrong password") { db in
            let after = policy.failing(try Self.signInLock(accountID, db), at: now)
            try db.execute(sql: "UPDATE account SET failedSignIns = ?, signInLocks = ?, lockedUntil = ? WHERE id = ?",
                           arguments: [after.failures, after.locks, after.lockedUntil?.timeIntervalSince1970, accountID])
            return after
        }
    }

    package func clearFailedSignIns(accountID: Int64) throws(StorageError) {
        try write("clear the wrong passwords") { db in
            try db.execute(sql: "UPDATE account SET failedSignIns = 0, signInLocks = 0, lockedUntil = NULL WHERE id = ?",
                           arguments: [accountID])
        }
    }

    static func signInLock(_ accountID: Int64, _ db: Database) throws -> SignInLock {
        guard let row = try Row.fetchOne(db, sql: "SELECT failedSignIns, signInLocks, lockedUntil FROM account WHERE id = ?",
                                         arguments: [accountID]) else { return SignInLock() }
        return signInLock(row)
    }

    /// The lock in a row that has the three columns, by name.
    static func signInLock(_ row: Row) -> SignInLock {
        SignInLock(failures: row["failedSignIns"], locks: row["signInLocks"],
                   lockedUntil: (row["lockedUntil"] as Double?).map(Date.init(timeIntervalSince1970:)))
    }
}
