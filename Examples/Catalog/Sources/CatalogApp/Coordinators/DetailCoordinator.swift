import ShojiNavigation

/// One item's detail. A flow of its own, as in seed 000, so that popping it,
/// by back or by anything else, removes it from the list flow's children.
@MainActor
public final class DetailCoordinator: Coordinator {
    private let factory: any CatalogModuleFactory
    private let favourites: any Favourites
    public let item: CatalogItem

    init(router: any Routing, factory: any CatalogModuleFactory, item: CatalogItem, favourites: any Favourites) {
        self.factory = factory
        self.item = item
        self.favourites = favourites
        super.init(router: router)
    }

    public override func start() {
        router.push(factory.makeDetail(item: item, favourites: favourites), owner: self)
    }
}
