import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The list of the catalogue and the detail of its chosen item, side by side
/// from 120 columns (a `SplitContainer`, one stack when narrower). It tells
/// the split how to make an item's Detail flow and which item the list
/// highlights; the split shows, replaces and releases it. Shows load errors
/// as an alert with Retry and Cancel.
@MainActor
package final class ListCoordinator: Coordinator, ListOutput {
    /// The narrowest terminal that shows the list and the detail side by side.
    package static let sideBySideWidth = 120

    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites
    /// The list (primary) and detail (secondary) columns.
    package let split = SplitContainer(minimumSideBySideWidth: ListCoordinator.sideBySideWidth)
    /// The stack the split is shown on (the tab's).
    private weak var holder: (any Routing)?

    /// A list flow whose split goes on `router` (the tab's stack); the list
    /// itself is the split's primary column.
    init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
         favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        self.holder = router
        super.init(router: split.primaryRouter)
        split.minimumSideBySideWidth = factory.sideBySideWidth
        split.detailForItem = { [weak self] id in
            guard let self, let itemID = id as? String else { return nil }
            let detail = makeDetail(itemID: itemID)
            addChild(detail)
            return RouterEntry(detail.makeModule(), owner: detail)
        }
    }

    package override func start() {
        router.setRoot(makeModule(), owner: self)
        holder?.push(split, owner: self)
    }

    /// The list module, for `start()` or a route plan; `selecting` is the
    /// item it selects once its rows are in (a deep link).
    package func makeModule(selecting itemID: String? = nil) -> any Presentable {
        factory.makeList(output: self, selecting: itemID)
    }

    package func listDidChoose(itemID: String) {
        guard repository.catalog?.item(withID: itemID) != nil else {
            presentAlert(.missingItem(itemID))
            return
        }
        open(itemID: itemID)
    }

    /// Opens `itemID`'s detail: beside the list with the keys, or over it.
    package func open(itemID: String) {
        split.openDetail(itemID: itemID)
    }

    /// The split previews the highlighted item beside the list (and nothing
    /// when the filter hides every row, so a hidden item cannot be acted on).
    package func listDidHighlight(itemID: String?) {
        split.highlight(itemID)
    }

    /// A detail flow of this list's, on the split's detail column, not yet
    /// started or adopted.
    package func makeDetail(itemID: String) -> DetailCoordinator {
        DetailCoordinator(router: split.secondaryRouter, factory: factory, itemID: itemID, favourites: favourites)
    }

    package func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void) {
        let alert = Alert(title: "Could not load the catalogue", message: message,
                          buttons: [.init("Retry", value: true), .init("Cancel", value: false, isCancel: true)])
        presentAlert(alert) { if $0 == true { retry() } }
    }

    package var detailFlow: DetailCoordinator? { children.compactMap { $0 as? DetailCoordinator }.first }
}
