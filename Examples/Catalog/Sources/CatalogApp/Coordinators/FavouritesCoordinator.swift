import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// The Favourites tab: the list, then Detail flows like the Catalog tab's.
@MainActor
package final class FavouritesCoordinator: Coordinator, FavouritesOutput {
    private let factory: any MainModuleFactory
    private let favourites: any Favourites

    package init(router: any Routing, factory: any MainModuleFactory, favourites: any Favourites) {
        self.factory = factory
        self.favourites = favourites
        super.init(router: router)
    }

    package override func start() {
        router.setRoot(factory.makeFavourites(output: self, favourites: favourites), owner: self)
    }

    package func favouritesDidChoose(itemID: String) {
        let detail = makeDetail(itemID: itemID)
        addChild(detail)
        detail.start()
    }

    private func makeDetail(itemID: String) -> DetailCoordinator {
        DetailCoordinator(router: router, factory: factory, itemID: itemID, favourites: favourites)
    }

    /// The tab's stack for `favourites` or `favourites/<id>`.
    package func plan(itemID: String?) -> RoutePlan {
        var plan = RoutePlan(keepingRootOf: router)
        guard let itemID else { return plan }
        let detail = makeDetail(itemID: itemID)
        plan.adopt(detail, by: self)
        plan.push(detail.makeModule(), owner: detail)
        return plan
    }
}
