import ArgumentParser
import CatalogApp
import CatalogSQLite
import CatalogModel
import CatalogPresenters
import CatalogPostgres

/// `--database`, for browsing and serving alike: where accounts, favourites,
/// saved routes and linked keys live. Without it, `catalog.sqlite` in the
/// data directory; with a `postgres://` URL, a PostgreSQL database that
/// several `catalog serve` hosts can share.
struct DatabaseOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Keep accounts, favourites and saved routes in PostgreSQL instead of catalog.sqlite in the data directory. The password comes from PGPASSWORD.",
        valueName: "postgres://user@host:port/db"))
    var database: String?

    func validate() throws {
        _ = try location()
    }

    /// The PostgreSQL database named, or nil for SQLite.
    func location() throws -> PostgresLocation? {
        guard let database else { return nil }
        do {
            return try PostgresLocation(database)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// How the app opens its storage.
    func opener() throws -> StorageOpener {
        Self.opener(for: try location())
    }

    /// How to open `location`'s storage: SQLite in the data directory when nil.
    static func opener(for location: PostgresLocation?) -> StorageOpener {
        guard let location else { return CatalogDatabase.open(in:) }
        return { _ throws(StorageError) in try PostgresCatalogStorage(location: location) }
    }
}
