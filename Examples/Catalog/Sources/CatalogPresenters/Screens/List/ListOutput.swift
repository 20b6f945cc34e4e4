import CatalogModel

/// What the list may ask of its coordinator.
@MainActor
package protocol ListOutput: AnyObject {
    func listDidChoose(itemID: String)
    /// The highlighted item is `itemID` now, whatever moved it (a key, the
    /// filter, the rows arriving), or none (nil: the filter hides every row):
    /// a list beside its detail previews it.
    func listDidHighlight(itemID: String?)
    /// The load failed; the coordinator shows the error and may call `retry`.
    func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void)
}

extension ListOutput {
    /// Nothing to preview by default.
    package func listDidHighlight(itemID: String?) {}
}
