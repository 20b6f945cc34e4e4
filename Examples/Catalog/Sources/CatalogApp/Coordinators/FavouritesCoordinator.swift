import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The Favourites tab: the list of favourites and the detail of the chosen
/// one, side by side from ``ListCoordinator/sideBySideWidth`` columns (a
/// `SplitContainer` at the tab's root, one stack when narrower), as in the
/// Catalog tab. It tells the split how to make an item's Detail flow and
/// which favourite the list highlights; the split shows, replaces and
/// releases it.
@MainActor
package final class FavouritesCoordinator: Coordinator, FavouritesOutput {
    private let factory: any MainModuleFactory
    private let favourites: any Favourites
    /// The favourites (primary) and detail (secondary) columns.
    package let split = SplitContainer(minimumSideBySideWidth: ListCoordinator.sideBySideWidth)

    package init(router: any Routing, factory: any MainModuleFactory, favourites: any Favourites) {
        self.factory = factory
        self.favourites = favourites
        super.init(router: router)
        split.minimumSideBySideWidth = factory.sideBySideWidth
        split.detailForItem = { [weak self] id in
            guard let self, let itemID = id as? String else { return nil }
            let detail = makeDetail(itemID: itemID)
            addChild(detail)
            return RouterEntry(detail.makeModule(), owner: detail)
        }
    }

    package override func start() {
        router.setRoot(split, owner: self)
        split.primaryRouter.setRoot(makeModule(), owner: self)
    }

    /// The favourites list, for `start()` or a route plan; `selecting` is
    /// the favourite it selects once its rows are in.
    private func makeModule(selecting itemID: String? = nil) -> any Presentable {
        factory.makeFavourites(output: self, favourites: favourites, selecting: itemID)
    }

    package func favouritesDidChoose(itemID: String) {
        split.openDetail(itemID: itemID)
    }

    /// The split previews the highlighted favourite beside the list.
    package func favouritesDidHighlight(itemID: String?) {
        split.highlight(itemID)
    }

    private func makeDetail(itemID: String) -> DetailCoordinator {
        DetailCoordinator(router: split.secondaryRouter, factory: factory, itemID: itemID, favourites: favourites)
    }

    /// The tab's stack for `favourites` or `favourites/<id>`: a new list
    /// (selecting `selecting`, or the linked item), then the item's detail
    /// opened as if the user had chosen it.
    package func plan(itemID: String?, selecting: String? = nil) -> RoutePlan {
        var plan = RoutePlan(keepingRootOf: router)
        guard itemID != nil || selecting != nil else { return plan }
        let module = makeModule(selecting: itemID ?? selecting)
        plan.afterApplying { [weak self] in
            guard let self else { return }
            split.primaryRouter.setRoot(module, owner: self)
            if let itemID { split.openDetail(itemID: itemID) }
        }
        return plan
    }

    /// The detail flow the split shows, if any.
    package var detailFlow: DetailCoordinator? { children.compactMap { $0 as? DetailCoordinator }.first }
}
