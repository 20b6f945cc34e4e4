import CatalogModel
import Foundation
import GRDB
import ShojiCore

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
            // SQLite writes on the calling thread (DatabaseQueue is synchronous):
            // past the file size limit a write fails with EFBIG (see FileSizeLimit).
            if !FileManager.default.fileExists(atPath: path) {
                try FileSizeLimit.writing { try NewDatabaseFile.create(at: path, configuration: Self.configuration(), schema: CatalogSchema.create) }
            }
            queue = try FileSizeLimit.writing { try Self.openAndMigrate(path) }
        } catch {
            throw StorageError(action: "open the database \(path)", sqliteError: error)
        }
        // The database holds password hashes: keep it private to the user.
        chmod(path, 0o600)
    }

    /// How every connection is configured; `exclusive` keeps the write-ahead
    /// log's index in this process's memory (see `openAndMigrate`).
    private static func configuration(exclusive: Bool = false) -> Configuration {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = true
        configuration.label = "catalog"
        // `catalog serve` runs an app per session on the same file: wait
        // for another process's write instead of failing with SQLITE_BUSY.
        configuration.busyMode = .timeout(5)
        // Before anything reads the file (`PRAGMA synchronous` reads the
        // schema): the log's index is mapped at the first read.
        if exclusive {
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA locking_mode = EXCLUSIVE") }
        }
        // Durable commits whatever the library's build defaults to in WAL mode.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = FULL") }
        return configuration
    }

    /// The database in write-ahead-log mode (set when the file is made, or
    /// on the first open of an older file), `synchronous` left at FULL: a
    /// commit appends to the log and syncs it once (twice for a process's
    /// first write), where the rollback journal synced four times; every
    /// commit is still durable. Examples/Catalog/README.md ("The store")
    /// has the measurements.
    ///
    /// A log needs its shared-memory index (`catalog.sqlite-shm`, 32 KiB),
    /// which a full disk or a file size limit refuses (SQLITE_IOERR at the
    /// first read): then the file is opened again in exclusive locking mode,
    /// which keeps that index in this process's memory, so what was saved
    /// can still be read and each write fails with a clear error. Other
    /// processes wait for that one (only while the disk is full).
    private static func openAndMigrate(_ path: String) throws -> DatabaseQueue {
        do {
            let queue = try DatabaseQueue(path: path, configuration: configuration())
            try migrate(queue)
            try logAhead(queue)
            return queue
        } catch let error as DatabaseError where error.resultCode == .SQLITE_IOERR {
            let queue = try DatabaseQueue(path: path, configuration: configuration(exclusive: true))
            try migrate(queue)
            return queue
        }
    }

    /// Switches a file made before the log was used; a no-op read on others.
    /// A file that cannot switch (the disk full, another process holding
    /// it) stays with its rollback journal, which works as before.
    private static func logAhead(_ queue: DatabaseQueue) throws {
        let mode = try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
        guard mode != "wal" else { return }
        _ = try? queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
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
                return try CatalogSchema.migrator.migrate(queue)
            } catch where attempt < 5 {
                usleep(UInt32(20_000 * attempt))
            }
        }
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
