import Foundation
import GRDB
#if canImport(Glibc)
import Glibc
#endif

/// A new `catalog.sqlite`, made whole before anyone can see it: the schema is
/// written into a temporary file beside it with no journal and no syncs
/// (nobody else has it open, and a crash leaves only the temporary file),
/// synced once, then linked under its real name. Migrating the empty file in
/// place cost three commits of four `fdatasync`s each, at every first start.
///
/// `link` refuses to replace a file: when several sessions of `catalog serve`
/// start on an empty data directory at once, the first file linked wins and
/// the others open it.
enum NewDatabaseFile {
    static func create(at path: String, configuration: Configuration, schema: (Database) throws -> Void) throws {
        let temporary = path + ".new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        unlink(temporary)
        defer { unlink(temporary) }
        var building = configuration
        building.prepareDatabase { db in
            try db.execute(sql: "PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF")
        }
        let queue = try DatabaseQueue(path: temporary, configuration: building)
        try queue.writeWithoutTransaction(schema)
        // Every later connection logs ahead (see CatalogDatabase); set here, it is written once, with the schema.
        _ = try queue.writeWithoutTransaction { try String.fetchOne($0, sql: "PRAGMA journal_mode = WAL") }
        try queue.close()
        chmod(temporary, 0o600)
        let descriptor = open(temporary, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DatabaseError(message: String(cString: strerror(errno))) }
        let synced = fdatasync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard synced else { throw DatabaseError(message: reason) }
        if link(temporary, path) != 0 && errno != EEXIST {
            throw DatabaseError(message: String(cString: strerror(errno)))
        }
    }
}
