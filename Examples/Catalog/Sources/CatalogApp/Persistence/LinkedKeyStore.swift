import Foundation
import GRDB

/// SSH public keys that users linked to their account from inside a served
/// session, so that the next connection with the key signs in as them. Kept
/// in the database with the accounts (never in the `authorized_keys` file
/// the operator edits); a key belongs to at most one account, and goes with
/// the account if it is deleted.
package final class LinkedKeyStore: Sendable {
    private let database: CatalogDatabase

    package init(database: CatalogDatabase) {
        self.database = database
    }

    /// Links `publicKey` (OpenSSH `type base64`) to `account`, moving it from
    /// any other account.
    package func link(_ publicKey: String, to account: Account) throws(StorageError) {
        let key = Self.normalized(publicKey)
        try database.write("link the key") { db in
            try db.execute(sql: "DELETE FROM linkedKey WHERE publicKey = ?", arguments: [key])
            try db.execute(sql: "INSERT INTO linkedKey (publicKey, accountID, linkedAt) VALUES (?, ?, ?)",
                           arguments: [key, account.id, Date()])
        }
    }

    package func unlink(_ publicKey: String) throws(StorageError) {
        let key = Self.normalized(publicKey)
        try database.write("unlink the key") { db in
            try db.execute(sql: "DELETE FROM linkedKey WHERE publicKey = ?", arguments: [key])
        }
    }

    /// The email of the account `publicKey` is linked to, if any.
    package func account(linkedTo publicKey: String) throws(StorageError) -> String? {
        let key = Self.normalized(publicKey)
        return try database.read("read linked keys") { db in
            try String.fetchOne(db, sql: """
                SELECT account.email FROM linkedKey JOIN account ON account.id = linkedKey.accountID
                WHERE linkedKey.publicKey = ?
                """, arguments: [key])
        }
    }

    /// `type base64`, without a comment or stray spaces, so the same key
    /// always compares equal.
    static func normalized(_ publicKey: String) -> String {
        publicKey.split(whereSeparator: \.isWhitespace).prefix(2).joined(separator: " ")
    }
}
