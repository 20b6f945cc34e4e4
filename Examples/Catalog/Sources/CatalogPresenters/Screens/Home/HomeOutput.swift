import CatalogModel

/// What Home may ask of its coordinator.
@MainActor
package protocol HomeOutput: AnyObject {
    func homeDidRequestBrowse()
}
