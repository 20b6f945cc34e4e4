import Foundation
import GRDB

/// The last route path per user, for `--restore`.
package struct PathStore: Sendable {
    /// Whose path: an account (by normalised email) or the guest.
    package enum Owner: Sendable, Equatable, Hashable {
        case guest
        case account(email: String)

        /// The row key. Emails always contain "@", so "guest" never collides.
        var key: String {
            switch self {
            case .guest: "guest"
            case .account(let email): EmailAddress.normalise(email)
            }
        }
    }

    private let database: CatalogDatabase

    package init(database: CatalogDatabase) {
        self.database = database
    }

    /// Saves `path` for `owner`. The time is SQLite's own (`CURRENT_TIMESTAMP`):
    /// formatting a `Date` would start ICU, milliseconds on every quit.
    package func save(_ path: String, for owner: Owner) throws(StorageError) {
        try database.write("save the route path") { db in
            try db.execute(
                sql: "INSERT INTO savedPath (owner, path, savedAt) VALUES (?, ?, CURRENT_TIMESTAMP) ON CONFLICT(owner) DO UPDATE SET path = excluded.path, savedAt = excluded.savedAt",
                arguments: [owner.key, path])
        }
    }

    package func load(for owner: Owner) throws(StorageError) -> String? {
        try database.read("read the saved route path") { db in
            try String.fetchOne(db, sql: "SELECT path FROM savedPath WHERE owner = ?", arguments: [owner.key])
        }
    }
}
