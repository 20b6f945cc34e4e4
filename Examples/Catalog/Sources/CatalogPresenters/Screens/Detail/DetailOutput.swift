import CatalogModel

/// What the detail presenter may ask of its coordinator.
@MainActor
package protocol DetailOutput: AnyObject {
    /// The item does not exist (a deep link to an id the catalogue lacks).
    func detailDidNotFindItem()
}
