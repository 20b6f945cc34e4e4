/// A signed-in account's favourites, persisted in `FavouritesStore`.
@MainActor
package final class AccountFavourites: Favourites {
    private let store: FavouritesStore
    private let account: Account

    package init(store: FavouritesStore, account: Account) {
        self.store = store
        self.account = account
    }

    package var isAvailable: Bool { true }

    package func contains(_ itemID: String) -> Bool {
        (try? store.contains(itemID, for: account)) ?? false
    }

    package func toggle(_ itemID: String) throws -> Bool {
        try store.toggle(itemID, for: account)
    }

    package func ids() -> [String] {
        (try? store.list(for: account)) ?? []
    }

    package func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription {
        let account = self.account
        // The store calls back on the thread that changed it: the main thread
        // in this app, but hop explicitly so that stays true for any writer.
        let observation = store.observe { change in
            guard change.account == account else { return }
            Task { @MainActor in onChange() }
        }
        return FavouritesSubscription { observation.cancel() }
    }
}

/// A guest has no favourites and cannot add any.
@MainActor
package final class GuestFavourites: Favourites {
    package init() {}
    package var isAvailable: Bool { false }
    package func contains(_ itemID: String) -> Bool { false }
    package func toggle(_ itemID: String) throws -> Bool { false }
    package func ids() -> [String] { [] }
    package func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription {
        FavouritesSubscription {}
    }
}
