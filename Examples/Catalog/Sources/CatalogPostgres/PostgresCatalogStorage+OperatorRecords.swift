import CatalogModel
import Foundation
import PostgresNIO

// What the operator's `catalog accounts` commands do in PostgreSQL.

extension PostgresCatalogStorage: OperatorRecords {
    package func insertOperatorAccount(email: String) throws(StorageError) -> Account? {
        try transaction("create the account") { sql in
            // No password: an empty salt and hash, which AccountStore never checks a password against.
            let inserted = try sql.run("""
                INSERT INTO account (email, password_salt, password_hash, scrypt_rounds, scrypt_block_size, scrypt_parallelism,
                                     owned_by_operator)
                VALUES (\(email), '\\x'::bytea, '\\x'::bytea, 0, 0, 0, true)
                ON CONFLICT (email) DO NOTHING RETURNING id
                """)
            return try inserted.rows.first.map { Account(id: try $0.decode(Int64.self), email: email) }
        }
    }

    package func deleteAccount(_ account: Account) throws(StorageError) {
        try transaction("delete the account") { sql in
            // Favourites and linked keys go with it (ON DELETE CASCADE); the saved path is by email.
            try sql.run("DELETE FROM account WHERE id = \(account.id)")
            try sql.run("DELETE FROM saved_path WHERE owner = \(account.email)")
        }
    }

    package func unlockAccount(email: String) throws(StorageError) -> Bool {
        try transaction("unlock the account") { sql in
            let changed = try sql.run("""
                UPDATE account SET failed_sign_ins = 0, sign_in_locks = 0, locked_until = NULL WHERE email = \(email)
                """)
            return (changed.metadata.rows ?? 0) > 0
        }
    }

    package func accountSummaries(email: String?) throws(StorageError) -> [AccountSummary] {
        try read("list the accounts") { sql in
            let accounts = try sql.run("""
                SELECT id, email, owned_by_operator, failed_sign_ins, sign_in_locks, locked_until FROM account
                WHERE \(email)::text IS NULL OR email = \(email) ORDER BY email
                """).rows.map { try $0.decode((Int64, String, Bool, Int, Int, Double?).self) }
            return try accounts.map { id, email, byOperator, failures, locks, until in
                let keys = try sql.run("""
                    SELECT public_key, by_operator FROM linked_key WHERE account_id = \(id) ORDER BY linked_at, public_key
                    """).rows.map { row in
                        let (key, byOperator) = try row.decode((String, Bool).self)
                        return (publicKey: key, byOperator: byOperator)
                    }
                let lock = SignInLock(failures: failures, locks: locks, lockedUntil: until.map(Date.init(timeIntervalSince1970:)))
                return AccountSummary(account: Account(id: id, email: email), ownedByOperator: byOperator, lock: lock, keys: keys)
            }
        }
    }
}
