import CatalogModel

/// What the favourites list may ask of its coordinator.
@MainActor
package protocol FavouritesOutput: AnyObject {
    func favouritesDidChoose(itemID: String)
}
