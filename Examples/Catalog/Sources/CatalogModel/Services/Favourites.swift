/// The signed-in user's favourites as the screens see them. A guest has none
/// and cannot add any; screens show a hint instead of the toggle.
@MainActor
package protocol Favourites: AnyObject {
    /// False for a guest.
    var isAvailable: Bool { get }
    func contains(_ itemID: String) -> Bool
    /// Flips `itemID` and returns whether it is now a favourite.
    func toggle(_ itemID: String) throws -> Bool
    /// Favourite ids, most recently added last.
    func ids() -> [String]
    /// Called after every change, so the Favourites tab follows at once.
    func observe(_ onChange: @escaping @MainActor () -> Void) -> FavouritesSubscription
}

/// Keeps an observation alive; dropping it stops the callbacks.
@MainActor
package final class FavouritesSubscription {
    private let cancel: () -> Void
    package init(cancel: @escaping () -> Void) { self.cancel = cancel }
    isolated deinit { cancel() }
}
