import CatalogModel
import Foundation
import PostgresNIO

// The SQL of the PostgreSQL store: `PostgresCatalogStorage` as a `CatalogStorage`.

extension PostgresCatalogStorage: AccountRecords {
    package func insertAccount(email: String, password: PasswordHasher.Hashed) throws(StorageError) -> Account? {
        try transaction("create the account") { sql in
            // The unique constraint decides, whichever server asks first.
            let inserted = try sql.run("""
                INSERT INTO account (email, password_salt, password_hash, scrypt_rounds, scrypt_block_size, scrypt_parallelism)
                VALUES (\(email), \(Data(password.salt)), \(Data(password.hash)), \(password.parameters.rounds),
                        \(password.parameters.blockSize), \(password.parameters.parallelism))
                ON CONFLICT (email) DO NOTHING RETURNING id
                """)
            return try inserted.rows.first.map { Account(id: try $0.decode(Int64.self), email: email) }
        }
    }

    package func credentials(email: String) throws(StorageError) -> (account: Account, password: PasswordHasher.Hashed)? {
        try read("look up the account") { sql in
            let found = try sql.run("""
                SELECT id, password_salt, password_hash, scrypt_rounds, scrypt_block_size, scrypt_parallelism
                FROM account WHERE email = \(email)
                """)
            guard let row = found.rows.first else { return nil }
            let (id, salt, hash, rounds, blockSize, parallelism) = try row.decode((Int64, Data, Data, Int, Int, Int).self)
            let password = PasswordHasher.Hashed(
                salt: [UInt8](salt), hash: [UInt8](hash),
                parameters: .init(rounds: rounds, blockSize: blockSize, parallelism: parallelism))
            return (Account(id: id, email: email), password)
        }
    }
}

extension PostgresCatalogStorage: FavouriteRecords {
    package func addFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] {
        try transaction("add a favourite") { sql in
            try Self.insertFavourite(itemID, accountID, sql)
            return try Self.favourites(accountID, sql)
        }
    }

    package func removeFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] {
        try transaction("remove a favourite") { sql in
            try Self.deleteFavourite(itemID, accountID, sql)
            return try Self.favourites(accountID, sql)
        }
    }

    package func toggleFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> (isFavourite: Bool, itemIDs: [String]) {
        try transaction("toggle a favourite") { sql in
            // Deleting first answers "was it a favourite?" without a separate read.
            let wasFavourite = try Self.deleteFavourite(itemID, accountID, sql)
            if !wasFavourite { try Self.insertFavourite(itemID, accountID, sql) }
            return (!wasFavourite, try Self.favourites(accountID, sql))
        }
    }

    package func isFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> Bool {
        try read("read favourites") { sql in
            !(try sql.run("SELECT 1 FROM favourite WHERE account_id = \(accountID) AND item_id = \(itemID)").rows.isEmpty)
        }
    }

    package func favourites(accountID: Int64) throws(StorageError) -> [String] {
        try read("read favourites") { sql in try Self.favourites(accountID, sql) }
    }

    private static func insertFavourite(_ itemID: String, _ accountID: Int64, _ sql: Statements) throws {
        try sql.run("""
            INSERT INTO favourite (account_id, item_id, position)
            VALUES (\(accountID), \(itemID), (SELECT COALESCE(MAX(position), 0) + 1 FROM favourite WHERE account_id = \(accountID)))
            ON CONFLICT DO NOTHING
            """)
    }

    /// Whether there was one to delete.
    @discardableResult
    private static func deleteFavourite(_ itemID: String, _ accountID: Int64, _ sql: Statements) throws -> Bool {
        let deleted = try sql.run("DELETE FROM favourite WHERE account_id = \(accountID) AND item_id = \(itemID)")
        return (deleted.metadata.rows ?? 0) > 0
    }

    private static func favourites(_ accountID: Int64, _ sql: Statements) throws -> [String] {
        try sql.run("SELECT item_id FROM favourite WHERE account_id = \(accountID) ORDER BY position").rows
            .map { try $0.decode(String.self) }
    }
}

extension PostgresCatalogStorage: SavedPathRecords {
    package func savePath(_ path: String, owner: String) throws(StorageError) {
        try transaction("save the route path") { sql in
            try sql.run("""
                INSERT INTO saved_path (owner, path) VALUES (\(owner), \(path))
                ON CONFLICT (owner) DO UPDATE SET path = excluded.path, saved_at = now()
                """)
        }
    }

    package func savedPath(owner: String) throws(StorageError) -> String? {
        try read("read the saved route path") { sql in
            try sql.run("SELECT path FROM saved_path WHERE owner = \(owner)").rows.first.map { try $0.decode(String.self) }
        }
    }
}

extension PostgresCatalogStorage: LinkedKeyRecords {
    package func linkKey(_ publicKey: String, accountID: Int64, byOperator: Bool) throws(StorageError) {
        try transaction("link the key") { sql in
            try sql.run("""
                INSERT INTO linked_key (public_key, account_id, by_operator) VALUES (\(publicKey), \(accountID), \(byOperator))
                ON CONFLICT (public_key) DO UPDATE SET account_id = excluded.account_id, by_operator = excluded.by_operator,
                    linked_at = now()
                """)
        }
    }

    package func unlinkKey(_ publicKey: String) throws(StorageError) {
        try transaction("unlink the key") { sql in
            try sql.run("DELETE FROM linked_key WHERE public_key = \(publicKey)")
        }
    }

    package func link(of publicKey: String) throws(StorageError) -> KeyLink? {
        try read("read linked keys") { sql in
            try sql.run("""
                SELECT account.email, linked_key.by_operator FROM linked_key JOIN account ON account.id = linked_key.account_id
                WHERE linked_key.public_key = \(publicKey)
                """).rows.first.map { row in
                    let (email, byOperator) = try row.decode((String, Bool).self)
                    return KeyLink(email: email, byOperator: byOperator)
                }
        }
    }
}
