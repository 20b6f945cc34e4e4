import CatalogModel

/// What Home may ask of its coordinator.
@MainActor
package protocol HomeRoute: AnyObject {
    func homeDidRequestBrowse()
}
