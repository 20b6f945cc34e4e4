import Foundation
import GRDB
import Testing
@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel

/// How `catalog.sqlite` is made and kept: whole before it is seen, with a
/// write-ahead log (one sync per commit instead of the rollback journal's
/// four).
@Suite struct CatalogDatabaseFileTests {
    private func journalMode(_ database: CatalogDatabase) throws -> String? {
        try database.read("read the journal mode") { try String.fetchOne($0, sql: "PRAGMA journal_mode") }
    }

    private func tables(_ database: CatalogDatabase) throws -> Set<String> {
        Set(try database.read("list the tables") { try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") })
    }

    @Test func aNewDatabaseIsMadeWholeAndLogsAhead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("catalog.sqlite")
        let database = try CatalogDatabase(path: path)
        #expect(try journalMode(database) == "wal")
        #expect(try tables(database).isSuperset(of: ["account", "favourite", "savedPath", "linkedKey"]))
        // No temporary file is left beside it, and it is private.
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(!names.contains { $0.contains(".new-") }, "\(names)")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // What is saved reads back through a second opening.
        try PathStore(database: database).save("catalog/iphone", for: .guest)
        #expect(try PathStore(database: CatalogDatabase(path: path)).load(for: .guest) == "catalog/iphone")
    }

    /// A new file gets the schema as one batch of SQL instead of running the
    /// migrator: both must leave the same tables, indexes and columns (as
    /// SQLite stores them) and the same migrations recorded, or a later
    /// migration would meet a different file than on an upgraded one.
    @Test func theNewFileSchemaIsWhatTheMigrationsMake() throws {
        func schema(_ make: (DatabaseQueue) throws -> Void) throws -> (master: [[String?]], applied: [String]) {
            let queue = try DatabaseQueue()
            try make(queue)
            return try queue.read { db in
                let rows = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY rowid")
                return (rows.map { row in (0..<4).map { row[$0] as String? } },
                        try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY identifier"))
            }
        }
        let migrated = try schema { try CatalogSchema.migrator.migrate($0) }
        let written = try schema { try $0.writeWithoutTransaction(CatalogSchema.create) }
        #expect(written.master == migrated.master)
        #expect(written.applied == migrated.applied)
        #expect(migrated.applied == [CatalogSchema.v1, CatalogSchema.v2, CatalogSchema.v3])
        // The migrator finds nothing left to do on the written file.
        let queue = try DatabaseQueue()
        try queue.writeWithoutTransaction(CatalogSchema.create)
        #expect(try queue.read { try CatalogSchema.migrator.hasCompletedMigrations($0) })
    }

    /// A file made before the log was used switches to it when opened, and
    /// keeps what it held.
    @Test func anOlderFileWithARollbackJournalSwitchesToTheLog() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("catalog.sqlite")
        try PathStore(database: CatalogDatabase(path: path)).save("favourites", for: .guest)
        let older = try DatabaseQueue(path: path)
        #expect(try older.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = DELETE") } == "delete")
        try older.close()

        let database = try CatalogDatabase(path: path)
        #expect(try journalMode(database) == "wal")
        #expect(try PathStore(database: database).load(for: .guest) == "favourites")
    }

    /// Two sessions starting together on an empty directory: the first file
    /// linked wins, and both open it.
    @Test func twoFirstStartsAtOnceOpenTheSameFile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.file("catalog.sqlite")
        async let first = Result { try CatalogDatabase(path: path) }
        async let second = Result { try CatalogDatabase(path: path) }
        let (one, two) = try await (first.get(), second.get())
        try PathStore(database: one).save("catalog", for: .guest)
        #expect(try PathStore(database: two).load(for: .guest) == "catalog")
    }
}
