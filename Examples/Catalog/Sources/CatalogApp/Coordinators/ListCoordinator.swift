import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The list of the catalogue and the detail of its chosen item, side by side
/// from 120 columns (a `SplitContainer`, one stack when narrower); opens a
/// Detail flow per chosen or, beside the list, selected item, and shows load
/// errors as an alert with Retry and Cancel.
@MainActor
package final class ListCoordinator: Coordinator, ListRoute {
    /// The narrowest terminal that shows the list and the detail side by side.
    package static let sideBySideWidth = 120

    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites
    /// The list (primary) and detail (secondary) columns.
    package let split = SplitContainer(minimumSideBySideWidth: ListCoordinator.sideBySideWidth)
    /// The stack the split is shown on (the tab's).
    private weak var holder: (any Routing)?
    package private(set) weak var presenter: ListPresenter?

    /// A list flow whose split goes on `router` (the tab's stack); the list
    /// itself is the split's primary column.
    init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
         favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        self.holder = router
        super.init(router: split.primaryRouter)
        split.onNeedsDetail = { [weak self] in self?.previewHighlighted() }
    }

    package override func start() {
        router.setRoot(makeModule(), owner: self)
        holder?.push(split, owner: self)
    }

    /// The list module, for `start()` or a route plan.
    package func makeModule() -> any Presentable {
        let (view, presenter) = factory.makeList(route: self)
        self.presenter = presenter
        return view
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
        let detail = makeDetail(itemID: itemID)
        addChild(detail)
        split.showDetail(detail.makeModule(), owner: detail)
    }

    /// Beside the list, the detail follows the selection (built only then).
    package func listDidHighlight(itemID: String) {
        guard split.isSideBySide, detailFlow?.itemID != itemID else { return }
        let detail = makeDetail(itemID: itemID)
        addChild(detail)
        split.previewDetail(detail.makeModule(), owner: detail)
    }

    private func previewHighlighted() {
        if let id = presenter?.highlightedItemID { listDidHighlight(itemID: id) }
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
