import NIOConcurrencyHelpers

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
    private let observers = Observers()

    /// The handlers, in a box of their own that an observation holds
    /// strongly: a weak reference to the store kept the store's side table
    /// alive for as long as any observation lived, and one still alive at
    /// exit left that side table reported as leaked (LeakSanitizer, the
    /// catalog's picture tests).
    private final class Observers: Sendable {
        private struct State {
            var handlers: [Int: @Sendable (Change) -> Void] = [:]
            var nextID = 0
        }

        private let state = NIOLockedValueBox(State())

        func add(_ handler: @escaping @Sendable (Change) -> Void) -> Int {
            state.withLockedValue { state in
                state.nextID += 1
                state.handlers[state.nextID] = handler
                return state.nextID
            }
        }

        func remove(_ id: Int) {
            _ = state.withLockedValue { $0.handlers.removeValue(forKey: id) }
        }

        var all: [@Sendable (Change) -> Void] { state.withLockedValue { Array($0.handlers.values) } }
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
        let observers = self.observers
        let id = observers.add(handler)
        return FavouritesObservation { observers.remove(id) }
    }

    /// Tells the observers, after the change's transaction committed.
    private func notify(_ account: Account, _ itemIDs: [String]) {
        let change = Change(account: account, itemIDs: itemIDs)
        for handler in observers.all { handler(change) }
    }
}

/// Keeps a favourites observer registered; cancelling (or releasing) it stops
/// the callbacks.
package final class FavouritesObservation: Sendable {
    private let cancellation: NIOLockedValueBox<(@Sendable () -> Void)?>

    init(cancel: @escaping @Sendable () -> Void) {
        cancellation = NIOLockedValueBox(cancel)
    }

    package func cancel() {
        cancellation.withLockedValue { cancel in
            cancel?()
            cancel = nil
        }
    }

    deinit {
        cancel()
    }
}
