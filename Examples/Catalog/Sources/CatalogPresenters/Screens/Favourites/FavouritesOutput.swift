import CatalogModel

/// What the favourites list may ask of its coordinator.
@MainActor
package protocol FavouritesOutput: AnyObject {
    func favouritesDidChoose(itemID: String)
    /// The highlighted favourite is `itemID` now, whatever moved it, or
    /// none (nil: no row shows): the list beside its detail previews it.
    func favouritesDidHighlight(itemID: String?)
}
