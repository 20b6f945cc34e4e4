import CatalogModel
import Foundation
import GRDB

// What the operator's `catalog accounts` commands do to `catalog.sqlite`.

extension CatalogDatabase: OperatorRecords {
    package func insertOperatorAccount(email: String) throws(StorageError) -> Account? {
        try write("create the account") { db -> Account? in
            // No password: an empty salt and hash, which AccountStore never checks a password against.
            try db.execute(
                sql: """
                INSERT INTO account (email, passwordSalt, passwordHash, scryptRounds, scryptBlockSize, scryptParallelism,
                                     createdAt, ownedByOperator)
                VALUES (?, x'', x'', 0, 0, 0, ?, 1) ON CONFLICT(email) DO NOTHING
                """,
                arguments: [email, Date()])
            return db.changesCount == 0 ? nil : Account(id: db.lastInsertedRowID, email: email)
        }
    }

    package func deleteAccount(_ account: Account) throws(StorageError) {
        try write("delete the account") { db in
            // Favourites and linked keys go with it (ON DELETE CASCADE); the saved path is by email.
            try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [account.id])
            try db.execute(sql: "DELETE FROM savedPath WHERE owner = ?", arguments: [account.email])
        }
    }

    package func unlockAccount(email: String) throws(StorageError) -> Bool {
        try write("unlock the account") { db in
            try db.execute(sql: "UPDATE account SET failedSignIns = 0, signInLocks = 0, lockedUntil = NULL WHERE email = ?",
                           arguments: [email])
            return db.changesCount > 0
        }
    }

    package func accountSummaries(email: String?) throws(StorageError) -> [AccountSummary] {
        try read("list the accounts") { db in
            let rows = try Row.fetchAll(db, sql: """
                SELECT id, email, ownedByOperator, failedSignIns, signInLocks, lockedUntil FROM account
                WHERE ? IS NULL OR email = ? ORDER BY email
                """, arguments: [email, email])
            return try rows.map { row in
                let id: Int64 = row["id"]
                let keys = try Row.fetchAll(db, sql: "SELECT publicKey, byOperator FROM linkedKey WHERE accountID = ? ORDER BY linkedAt, publicKey",
                                            arguments: [id]).map { (publicKey: $0[0] as String, byOperator: $0[1] as Bool) }
                return AccountSummary(account: Account(id: id, email: row["email"]), ownedByOperator: row["ownedByOperator"],
                                      lock: Self.signInLock(row), keys: keys)
            }
        }
    }
}
