import ShojiNavigation

/// The list of the catalogue; opens a Detail flow per chosen item and shows
/// load errors as an alert with Retry and Cancel (seed 000's error alert).
@MainActor
public final class ListCoordinator: Coordinator, ListRoute {
    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites
    public private(set) weak var presenter: ListPresenter?

    init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
         favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        super.init(router: router)
    }

    public override func start() {
        let (view, presenter) = factory.makeList(route: self)
        self.presenter = presenter
        router.push(view, owner: self)
    }

    public func listDidChoose(itemID: String) {
        guard let item = repository.catalog?.item(withID: itemID) else {
            showAlert(AlertContent(title: "No such item",
                                   message: "The catalogue has no item with the id '\(itemID)'.",
                                   buttons: ["OK"], cancelIndex: 0))
            return
        }
        openDetail(item)
    }

    @discardableResult
    func openDetail(_ item: CatalogItem) -> DetailCoordinator {
        let detail = DetailCoordinator(router: router, factory: factory, item: item, favourites: favourites)
        addChild(detail)
        detail.start()
        return detail
    }

    public func listDidFailToLoad(message: String, retry: @escaping @MainActor () -> Void) {
        let content = AlertContent(title: "Could not load the catalogue", message: message,
                                   buttons: ["Retry", "Cancel"], cancelIndex: 1)
        showAlert(content) { if $0 == 0 { retry() } }
    }

    /// Presents an alert owned by this flow; the alert is dismissed whatever
    /// button is chosen, and `chosen` gets the button (not called on back).
    private func showAlert(_ content: AlertContent, chosen: @escaping @MainActor (Int) -> Void = { _ in }) {
        let result = ResultChannel<Int>()
        let alert = factory.makeAlert(content, result: result)
        result.onOutcome { [weak self, weak alert] outcome in
            guard let self else { return }
            if let alert, self.router.contains(alert) { self.router.dismiss() }
            if let button = outcome.value { chosen(button) }
        }
        router.present(alert, owner: self, result: result)
    }

    public var detailFlow: DetailCoordinator? { children.compactMap { $0 as? DetailCoordinator }.first }
}
