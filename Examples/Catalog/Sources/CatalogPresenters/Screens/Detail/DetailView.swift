import CatalogModel

/// Whether the detail screen offers the favourite toggle.
package enum FavouriteState: Equatable, Sendable {
    case on
    case off
    /// Shown as a hint instead of a toggle (a guest).
    case unavailable(hint: String)
}

/// What the detail presenter may tell its view.
@MainActor
package protocol DetailView: AnyObject {
    func show(title: String, fields: [(label: String, value: String)], favourite: FavouriteState)
    func showMessage(_ message: String)
    /// The item is not known yet (the catalogue is loading for a deep link).
    func showLoading()
}
