import ShojiPresentation
import CatalogModel

/// What the list presenter may tell its view.
@MainActor
package protocol ListView: AnyObject {
    /// The catalogue is loading: a spinner, keys still work.
    func showLoading()
    /// How far a download has come (bytes received, of how many when the
    /// server said); nil ends it.
    func showProgress(_ progress: WorkProgress?)
    /// The rows changed (they loaded): the view asks `ListPresenter.row(at:)`
    /// for the visible ones only, keeping the selected item by its id.
    func showRows()
    /// The catalogue loaded but has no items.
    func showEmpty(message: String)
    /// Moves the selection (restored after a pop, or to a deep-linked item).
    func select(index: Int)
}
