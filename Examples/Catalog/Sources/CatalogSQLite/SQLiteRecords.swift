import CatalogModel
import Foundation
import GRDB

// The SQL of the embedded store: `CatalogDatabase` as a `CatalogStorage`.

extension CatalogDatabase: AccountRecords {
    package func insertAccount(email: String, password: PasswordHasher.Hashed) throws(StorageError) -> Account? {
        try write("create the account") { db -> Account? in
            // The unique index decides, as it does across PostgreSQL servers.
            try db.execute(
                sql: """
                INSERT INTO account (email, passwordSalt, passwordHash, scryptRounds, scryptBlockSize, scryptParallelism, createdAt)
                VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(email) DO NOTHING
                """,
                arguments: [email, Data(password.salt), Data(password.hash), password.parameters.rounds,
                            password.parameters.blockSize, password.parameters.parallelism, Date()])
            return db.changesCount == 0 ? nil : Account(id: db.lastInsertedRowID, email: email)
        }
    }

    package func credentials(email: String) throws(StorageError) -> (account: Account, password: PasswordHasher.Hashed)? {
        try read("look up the account") { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE email = ?", arguments: [email]) else { return nil }
            let password = PasswordHasher.Hashed(
                salt: [UInt8](row["passwordSalt"] as Data),
                hash: [UInt8](row["passwordHash"] as Data),
                parameters: .init(rounds: row["scryptRounds"], blockSize: row["scryptBlockSize"], parallelism: row["scryptParallelism"]))
            return (Account(id: row["id"], email: email), password)
        }
    }
}

extension CatalogDatabase: FavouriteRecords {
    package func addFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] {
        try write("add a favourite") { db in
            try Self.insertFavourite(itemID, accountID, db)
            return try Self.favourites(accountID, db)
        }
    }

    package func removeFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] {
        try write("remove a favourite") { db in
            try Self.deleteFavourite(itemID, accountID, db)
            return try Self.favourites(accountID, db)
        }
    }

    package func toggleFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> (isFavourite: Bool, itemIDs: [String]) {
        try write("toggle a favourite") { db in
            let wasFavourite = try Self.isFavourite(itemID, accountID, db)
            if wasFavourite {
                try Self.deleteFavourite(itemID, accountID, db)
            } else {
                try Self.insertFavourite(itemID, accountID, db)
            }
            return (!wasFavourite, try Self.favourites(accountID, db))
        }
    }

    package func isFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> Bool {
        try read("read favourites") { db in try Self.isFavourite(itemID, accountID, db) }
    }

    package func favourites(accountID: Int64) throws(StorageError) -> [String] {
        try read("read favourites") { db in try Self.favourites(accountID, db) }
    }

    private static func insertFavourite(_ itemID: String, _ accountID: Int64, _ db: Database) throws {
        try db.execute(
            sql: """
            INSERT OR IGNORE INTO favourite (accountID, itemID, position)
            VALUES (?, ?, (SELECT COALESCE(MAX(position), 0) + 1 FROM favourite WHERE accountID = ?))
            """,
            arguments: [accountID, itemID, accountID])
    }

    private static func deleteFavourite(_ itemID: String, _ accountID: Int64, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM favourite WHERE accountID = ? AND itemID = ?", arguments: [accountID, itemID])
    }

    private static func isFavourite(_ itemID: String, _ accountID: Int64, _ db: Database) throws -> Bool {
        try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM favourite WHERE accountID = ? AND itemID = ?)",
                          arguments: [accountID, itemID]) ?? false
    }

    private static func favourites(_ accountID: Int64, _ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: "SELECT itemID FROM favourite WHERE accountID = ? ORDER BY position", arguments: [accountID])
    }
}

extension CatalogDatabase: SavedPathRecords {
    /// The time is SQLite's own (`CURRENT_TIMESTAMP`): formatting a `Date`
    /// would start ICU, milliseconds on every quit.
    package func savePath(_ path: String, owner: String) throws(StorageError) {
        try write("save the route path") { db in
            try db.execute(
                sql: "INSERT INTO savedPath (owner, path, savedAt) VALUES (?, ?, CURRENT_TIMESTAMP) ON CONFLICT(owner) DO UPDATE SET path = excluded.path, savedAt = excluded.savedAt",
                arguments: [owner, path])
        }
    }

    package func savedPath(owner: String) throws(StorageError) -> String? {
        try read("read the saved route path") { db in
            try String.fetchOne(db, sql: "SELECT path FROM savedPath WHERE owner = ?", arguments: [owner])
        }
    }
}

extension CatalogDatabase: LinkedKeyRecords {
    package func linkKey(_ publicKey: String, accountID: Int64, byOperator: Bool) throws(StorageError) {
        try write("link the key") { db in
            try db.execute(sql: "DELETE FROM linkedKey WHERE publicKey = ?", arguments: [publicKey])
            try db.execute(sql: "INSERT INTO linkedKey (publicKey, accountID, linkedAt, byOperator) VALUES (?, ?, CURRENT_TIMESTAMP, ?)",
                           arguments: [publicKey, accountID, byOperator])
        }
    }

    package func unlinkKey(_ publicKey: String) throws(StorageError) {
        try write("unlink the key") { db in
            try db.execute(sql: "DELETE FROM linkedKey WHERE publicKey = ?", arguments: [publicKey])
        }
    }

    package func link(of publicKey: String) throws(StorageError) -> KeyLink? {
        try read("read linked keys") { db in
            try Row.fetchOne(db, sql: """
                SELECT account.email, linkedKey.byOperator FROM linkedKey JOIN account ON account.id = linkedKey.accountID
                WHERE linkedKey.publicKey = ?
                """, arguments: [publicKey]).map { KeyLink(email: $0[0], byOperator: $0[1]) }
        }
    }
}
