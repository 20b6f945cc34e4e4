import CatalogModel

/// What the favourites presenter may tell its view.
@MainActor
package protocol FavouritesView: AnyObject {
    func showLoading()
    /// The favourites changed; the view asks the presenter for the visible
    /// rows and keeps the selected favourite by its id.
    func showRows()
    func showEmpty(message: String)
    /// Moves the selection (to a restored favourite).
    func select(index: Int)
}

