/// Where the catalog keeps its users' data: accounts, favourites, saved route
/// paths and linked SSH keys. The stores (`AccountStore`, `FavouritesStore`,
/// `PathStore`, `LinkedKeyStore`) hold the rules (hashing, validation,
/// change notices); a storage only keeps and finds rows, each change in one
/// transaction of its own. `CatalogDatabase` is the embedded SQLite file;
/// the `CatalogPostgres` module keeps the same data in PostgreSQL, so that
/// several `catalog serve` hosts share it.
package typealias CatalogStorage = AccountRecords & FavouriteRecords & SavedPathRecords & LinkedKeyRecords

/// Opens the storage for a data directory (which SQLite keeps its file in;
/// a server elsewhere may ignore it).
package typealias StorageOpener = (DataDirectory) throws(StorageError) -> any CatalogStorage

/// Accounts by normalised email. Emails are unique in the database itself,
/// so two servers signing up the same email at once create one account.
package protocol AccountRecords: Sendable {
    /// Creates the account, or returns nil when the email is taken.
    func insertAccount(email: String, password: PasswordHasher.Hashed) throws(StorageError) -> Account?
    /// The account and its salted hash, if the email has an account.
    func credentials(email: String) throws(StorageError) -> (account: Account, password: PasswordHasher.Hashed)?
}

/// An account's favourite item ids, in the order they were added. Every
/// change returns the list as it is after the change, read in the same
/// transaction.
package protocol FavouriteRecords: Sendable {
    func addFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String]
    func removeFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String]
    /// Adds or removes `itemID`; whether it is a favourite afterwards, and the list.
    func toggleFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> (isFavourite: Bool, itemIDs: [String])
    func isFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> Bool
    func favourites(accountID: Int64) throws(StorageError) -> [String]
}

/// The last route path per owner key (an email, or "guest").
package protocol SavedPathRecords: Sendable {
    func savePath(_ path: String, owner: String) throws(StorageError)
    func savedPath(owner: String) throws(StorageError) -> String?
}

/// SSH public keys (normalised `type base64`) linked to accounts; a key
/// belongs to at most one account and goes with it.
package protocol LinkedKeyRecords: Sendable {
    /// Links `publicKey` to the account, moving it from any other.
    func linkKey(_ publicKey: String, accountID: Int64) throws(StorageError)
    func unlinkKey(_ publicKey: String) throws(StorageError)
    /// The email of the account the key is linked to, if any.
    func email(linkedTo publicKey: String) throws(StorageError) -> String?
}
