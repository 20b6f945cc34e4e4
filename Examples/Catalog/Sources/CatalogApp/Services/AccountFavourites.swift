/// A signed-in account's favourites, persisted in `FavouritesStore`.
@MainActor
public final class AccountFavourites: Favourites {
    private let store: FavouritesStore
    private let account: Account

    public init(store: FavouritesStore, account: Account) {
        self.store = store
        self.account = account
    }

    public var isAvailable: Bool { true }

    public func contains(_ itemID: String) -> Bool {
        (try? store.contains(itemID, for: account)) ?? false
    }

    public func toggle(_ itemID: String) throws -> Bool {
        try store.toggle(itemID, for: account)
    }

    public func ids() -> [String] {
        (try? store.list(for: account)) ?? []
    }

    public func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription {
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
public final class GuestFavourites: Favourites {
    public init() {}
    public var isAvailable: Bool { false }
    public func contains(_ itemID: String) -> Bool { false }
    public func toggle(_ itemID: String) throws -> Bool { false }
    public func ids() -> [String] { [] }
    public func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription {
        FavouritesSubscription {}
    }
}
