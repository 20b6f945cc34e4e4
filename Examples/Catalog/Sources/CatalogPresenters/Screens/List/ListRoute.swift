import CatalogModel

/// What the list may ask of its coordinator.
@MainActor
package protocol ListRoute: AnyObject {
    func listDidChoose(itemID: String)
    /// The load failed; the coordinator shows the error and may call `retry`.
    func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void)
}
