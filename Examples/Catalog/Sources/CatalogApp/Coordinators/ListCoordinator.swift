import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The list of the catalogue; opens a Detail flow per chosen item and shows
/// load errors as an alert with Retry and Cancel.
@MainActor
package final class ListCoordinator: Coordinator, ListRoute {
    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites
    package private(set) weak var presenter: ListPresenter?

    init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
         favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        super.init(router: router)
    }

    package override func start() {
        router.push(makeModule(), owner: self)
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
        let detail = makeDetail(itemID: itemID)
        addChild(detail)
        detail.start()
    }

    /// A detail flow of this list's, not yet started or adopted.
    package func makeDetail(itemID: String) -> DetailCoordinator {
        DetailCoordinator(router: router, factory: factory, itemID: itemID, favourites: favourites)
    }

    package func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void) {
        let alert = Alert(title: "Could not load the catalogue", message: message,
                          buttons: [.init("Retry", value: true), .init("Cancel", value: false, isCancel: true)])
        presentAlert(alert) { if $0 == true { retry() } }
    }

    package var detailFlow: DetailCoordinator? { children.compactMap { $0 as? DetailCoordinator }.first }
}
