import ShojiNavigation

/// The Favourites tab: the list, then Detail flows like the Catalog tab's.
@MainActor
public final class FavouritesCoordinator: Coordinator, FavouritesRoute {
    private let factory: any MainModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites

    public init(router: any Routing, factory: any MainModuleFactory, repository: CatalogRepository,
                favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        super.init(router: router)
    }

    public override func start() {
        router.setRoot(factory.makeFavourites(route: self, favourites: favourites), owner: self)
    }

    public func favouritesDidChoose(itemID: String) {
        guard let item = repository.catalog?.item(withID: itemID) else { return }
        let detail = DetailCoordinator(router: router, factory: factory, item: item, favourites: favourites)
        addChild(detail)
        detail.start()
    }
}
