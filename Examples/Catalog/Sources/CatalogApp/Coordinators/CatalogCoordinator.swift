import ShojiNavigation

/// The Catalog tab (seed 000): Home, then a List flow, then Detail flows.
/// Each step is a child coordinator on the tab's router, so back at any depth
/// releases the child that owned the popped screen.
@MainActor
public final class CatalogCoordinator: Coordinator, HomeRoute {
    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites

    public init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
                favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        super.init(router: router)
    }

    public override func start() {
        router.setRoot(factory.makeHome(route: self), owner: self)
    }

    public func homeDidRequestBrowse() {
        _ = startList()
    }

    /// The list flow, started on top of Home.
    @discardableResult
    func startList() -> ListCoordinator {
        let list = ListCoordinator(router: router, factory: factory, repository: repository, favourites: favourites)
        addChild(list)
        list.start()
        return list
    }

    /// The list flow of the current stack, if any.
    public var listFlow: ListCoordinator? { children.compactMap { $0 as? ListCoordinator }.first }
}
