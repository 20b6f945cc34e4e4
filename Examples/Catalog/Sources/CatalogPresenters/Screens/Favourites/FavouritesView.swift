import CatalogModel

/// What the favourites presenter may tell its view.
@MainActor
package protocol FavouritesView: AnyObject {
    func showLoading()
    /// `count` favourites; the view asks the presenter for visible rows.
    func showRows(count: Int)
    func showEmpty(message: String)
}

