import Foundation

/// Where the catalog keeps its users' data: accounts, favourites, saved route
/// paths and linked SSH keys. The stores (`AccountStore`, `FavouritesStore`,
/// `PathStore`, `LinkedKeyStore`) hold the rules (hashing, validation,
/// change notices); a storage only keeps and finds rows, each change in one
/// transaction of its own. `CatalogDatabase` is the embedded SQLite file;
/// the `CatalogPostgres` module keeps the same data in PostgreSQL, so that
/// several `catalog serve` hosts share it.
package typealias CatalogStorage = AccountRecords & FavouriteRecords & SavedPathRecords & LinkedKeyRecords
    & OperatorRecords

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
    /// The account's wrong passwords in a row and its lock.
    func signInLock(accountID: Int64) throws(StorageError) -> SignInLock
    /// Counts one more wrong password, in one transaction whichever session
    /// or server reports it: at `policy.bound` in a row the account is
    /// locked until `now` plus the policy's next lock, and the count starts
    /// again. The state after the change.
    func recordFailedSignIn(accountID: Int64, policy: SignInLockPolicy, now: Date) throws(StorageError) -> SignInLock
    /// A right password: no failures, no lock, the next lock the shortest.
    func clearFailedSignIns(accountID: Int64) throws(StorageError)
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
    /// Links `publicKey` to the account, moving it from any other;
    /// `byOperator` when the operator's command linked it (admitted by
    /// itself), not a user on the Account tab.
    func linkKey(_ publicKey: String, accountID: Int64, byOperator: Bool) throws(StorageError)
    func unlinkKey(_ publicKey: String) throws(StorageError)
    /// The account the key is linked to, and who linked it, if any.
    func link(of publicKey: String) throws(StorageError) -> KeyLink?
}

/// What only the operator's `catalog accounts` commands do: accounts
/// without a password (they sign in by a linked key), taking an email back
/// from a visitor, lifting a lock, and the list.
package protocol OperatorRecords: Sendable {
    /// Creates an operator-owned account without a password, or returns nil
    /// when the email is taken.
    func insertOperatorAccount(email: String) throws(StorageError) -> Account?
    /// Deletes the account with its favourites, linked keys and saved path.
    func deleteAccount(_ account: Account) throws(StorageError)
    /// Whether the account exists, and then that the lock is lifted.
    func unlockAccount(email: String) throws(StorageError) -> Bool
    /// Every account (or the one with `email`), by email, with its keys.
    func accountSummaries(email: String?) throws(StorageError) -> [AccountSummary]
}
