import CatalogModel
import CatalogPresenters
import Foundation
import GRDB
import ShojiAppKit

/// `catalog.sqlite`, the embedded `CatalogStorage`: accounts, favourites,
/// saved route paths and linked keys, behind one serialized `DatabaseQueue`
/// shared by the stores (its SQL is in SQLiteRecords.swift).
package final class CatalogDatabase: Sendable {
    let queue: DatabaseQueue

    /// Opens (creating if needed) the database in `directory` and migrates it.
    package convenience init(directory: DataDirectory) throws(StorageError) {
        try self.init(path: directory.databasePath)
    }

    package init(path: String) throws(StorageError) {
        do {
            var configuration = Configuration()
            configuration.foreignKeysEnabled = true
            configuration.label = "catalog"
            // `catalog serve` runs an app per session on the same file: wait
            // for another process's write instead of failing with SQLITE_BUSY.
            configuration.busyMode = .timeout(5)
            // SQLite writes on the calling thread (DatabaseQueue is synchronous):
            // past the file size limit a write fails with EFBIG (see FileSizeLimit).
            queue = try FileSizeLimit.writing { try DatabaseQueue(path: path, configuration: configuration) }
            try FileSizeLimit.writing { try Self.migrate(queue) }
        } catch {
            throw StorageError(action: "open the database \(path)", sqliteError: error)
        }
        // The database holds password hashes: keep it private to the user.
        chmod(path, 0o600)
    }

    /// Runs `work` in a write transaction, mapping failures to `StorageError`.
    func write<T>(_ action: String, _ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try FileSizeLimit.writing { try queue.write(work) }
        } catch {
            throw StorageError(action: action, sqliteError: error)
        }
    }

    func read<T>(_ action: String, _ work: (Database) throws -> T) throws(StorageError) -> T {
        do {
            return try FileSizeLimit.writing { try queue.read(work) }  // a hot journal is rolled back by writing
        } catch {
            throw StorageError(action: action, sqliteError: error)
        }
    }

    /// Sessions starting together on a new file race to make its tables,
    /// and the migrator reads what is applied before it takes the write lock:
    /// the loser fails on a table the winner made, and finds it recorded
    /// when it looks again.
    private static func migrate(_ queue: DatabaseQueue) throws {
        for attempt in 1... {
            do {
                return try migrator.migrate(queue)
            } catch where attempt < 5 {
                usleep(UInt32(20_000 * attempt))
            }
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: accounts, favourites, saved paths") { db in
            try db.create(table: "account") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("email", .text).notNull().unique()
                table.column("passwordSalt", .blob).notNull()
                table.column("passwordHash", .blob).notNull()
                table.column("scryptRounds", .integer).notNull()
                table.column("scryptBlockSize", .integer).notNull()
                table.column("scryptParallelism", .integer).notNull()
                table.column("createdAt", .datetime).notNull()
            }
            try db.create(table: "favourite") { table in
                table.column("accountID", .integer).notNull().references("account", onDelete: .cascade)
                table.column("itemID", .text).notNull()
                table.column("position", .integer).notNull()
                table.primaryKey(["accountID", "itemID"])
            }
            try db.create(table: "savedPath") { table in
                table.primaryKey("owner", .text)
                table.column("path", .text).notNull()
                table.column("savedAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: keys linked to accounts") { db in
            try db.create(table: "linkedKey") { table in
                table.primaryKey("publicKey", .text)
                table.column("accountID", .integer).notNull().indexed().references("account", onDelete: .cascade)
                table.column("linkedAt", .datetime).notNull()
            }
        }
        return migrator
    }
}

extension StorageError {
    /// What SQLite (through GRDB) said, as a storage failure.
    init(action: String, sqliteError error: any Error) {
        self.init(action: action, reason: (error as? DatabaseError)?.message ?? String(describing: error))
    }
}

extension CatalogDatabase {
    /// The default `StorageOpener`: `catalog.sqlite` in the data directory.
    package static func open(in directory: DataDirectory) throws(StorageError) -> any CatalogStorage {
        try CatalogDatabase(directory: directory)
    }
}
