import CatalogModel
import Foundation

/// The store of a rehearsal (`CatalogLauncher.rehearseFirstFrames`): no
/// account, no favourite, nothing kept. A real database cannot stand in:
/// a session template must not open one (two processes sharing a connection
/// after a fork corrupt it), and closing one hands its dispatch queue back,
/// which starts a thread, and a template with a second thread cannot fork.
struct RehearsalRecords: AccountRecords, FavouriteRecords {
    func insertAccount(email: String, password: PasswordHasher.Hashed) throws(StorageError) -> Account? { nil }
    func credentials(email: String) throws(StorageError) -> (account: Account, password: PasswordHasher.Hashed)? { nil }
    func signInLock(accountID: Int64) throws(StorageError) -> SignInLock { SignInLock() }
    func recordFailedSignIn(accountID: Int64, policy: SignInLockPolicy, now: Date) throws(StorageError) -> SignInLock {
        SignInLock()
    }
    func clearFailedSignIns(accountID: Int64) throws(StorageError) {}
    func addFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] { [] }
    func removeFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> [String] { [] }
    func toggleFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> (isFavourite: Bool, itemIDs: [String]) {
        (false, [])
    }
    func isFavourite(_ itemID: String, accountID: Int64) throws(StorageError) -> Bool { false }
    func favourites(accountID: Int64) throws(StorageError) -> [String] { [] }
}
