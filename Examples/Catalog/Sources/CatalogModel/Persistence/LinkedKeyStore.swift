/// SSH public keys linked to accounts, by users from inside a served
/// session or by the operator (`catalog accounts link-key`), so that the
/// next connection with the key signs in as that account. Kept
/// in the database with the accounts (never in the `authorized_keys` file
/// the operator edits); a key belongs to at most one account, and goes with
/// the account if it is deleted.
package final class LinkedKeyStore: Sendable {
    private let database: any LinkedKeyRecords

    package init(database: any LinkedKeyRecords) {
        self.database = database
    }

    /// Links `publicKey` (OpenSSH `type base64`) to `account`, moving it from
    /// any other account; `byOperator` for the operator's command.
    package func link(_ publicKey: String, to account: Account, byOperator: Bool = false) throws(StorageError) {
        try database.linkKey(Self.normalized(publicKey), accountID: account.id, byOperator: byOperator)
    }

    package func unlink(_ publicKey: String) throws(StorageError) {
        try database.unlinkKey(Self.normalized(publicKey))
    }

    /// The email of the account `publicKey` is linked to, if any.
    package func account(linkedTo publicKey: String) throws(StorageError) -> String? {
        try link(of: publicKey)?.email
    }

    /// The account `publicKey` is linked to and who linked it, if any.
    package func link(of publicKey: String) throws(StorageError) -> KeyLink? {
        try database.link(of: Self.normalized(publicKey))
    }

    /// `type base64`, without a comment or stray spaces, so the same key
    /// always compares equal.
    static func normalized(_ publicKey: String) -> String {
        publicKey.split(whereSeparator: \.isWhitespace).prefix(2).joined(separator: " ")
    }
}
