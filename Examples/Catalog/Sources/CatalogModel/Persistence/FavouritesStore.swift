import Synchronization

/// An account's favourite item ids, in the order they were added.
///
/// Changes made through this store are announced to observers right after
/// the transaction commits, so the Favourites tab can follow a toggle made on
/// a detail screen at once. Share one store per database to see every change.
package final class FavouritesStore: Sendable {
    /// What changed: the account and its favourites afterwards, in added order.
    package struct Change: Sendable, Equatable {
        package let account: Account
        package let itemIDs: [String]
    }

    private let database: any FavouriteRecords
    private let observers = Mutex(Observers())

    private struct Observers {
        var handlers: [Int: @Sendable (Change) -> Void] = [:]
        var nextID = 0
    }

    package init(database: any FavouriteRecords) {
        self.database = database
    }

    package func add(_ itemID: String, for account: Account) throws(StorageError) {
        notify(account, try database.addFavourite(itemID, accountID: account.id))
    }

    package func remove(_ itemID: String, for account: Account) throws(StorageError) {
        notify(account, try database.removeFavourite(itemID, accountID: account.id))
    }

    /// Adds or removes `itemID`; returns whether it is a favourite afterwards.
    @discardableResult
    package func toggle(_ itemID: String, for account: Account) throws(StorageError) -> Bool {
        let result = try database.toggleFavourite(itemID, accountID: account.id)
        notify(account, result.itemIDs)
        return result.isFavourite
    }

    package func contains(_ itemID: String, for account: Account) throws(StorageError) -> Bool {
        try database.isFavourite(itemID, accountID: account.id)
    }

    package func list(for account: Account) throws(StorageError) -> [String] {
        try database.favourites(accountID: account.id)
    }

    /// Calls `handler` after every change, on the thread that made it, until
    /// the returned observation is cancelled or released.
    package func observe(_ handler: @escaping @Sendable (Change) -> Void) -> FavouritesObservation {
        let id = observers.withLock { observers in
            observers.nextID += 1
            observers.handlers[observers.nextID] = handler
            return observers.nextID
        }
        return FavouritesObservation { [weak self] in
            _ = self?.observers.withLock { $0.handlers.removeValue(forKey: id) }
        }
    }

    /// Tells the observers, after the change's transaction committed.
    private func notify(_ account: Account, _ itemIDs: [String]) {
        let change = Change(account: account, itemIDs: itemIDs)
        for handler in observers.withLock({ Array($0.handlers.values) }) { handler(change) }
    }
}

/// Keeps a favourites observer registered; cancelling (or releasing) it stops
/// the callbacks.
package final class FavouritesObservation: Sendable {
    private let cancellation: Mutex<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = Mutex(cancel)
    }

    package func cancel() {
        cancellation.withLock { cancel in
            cancel?()
            cancel = nil
        }
    }

    deinit {
        cancel()
    }
}
