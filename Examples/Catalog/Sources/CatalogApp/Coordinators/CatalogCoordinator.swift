import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// The Catalog tab: Home, then a List flow (the list and its detail in a
/// split), then Detail flows. Each step is a child coordinator, so back at
/// any depth releases the child that owned the popped screen.
@MainActor
package final class CatalogCoordinator: Coordinator, HomeOutput {
    private let factory: any CatalogModuleFactory
    private let repository: CatalogRepository
    private let favourites: any Favourites

    package init(router: any Routing, factory: any CatalogModuleFactory, repository: CatalogRepository,
                 favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.favourites = favourites
        super.init(router: router)
    }

    package override func start() {
        router.setRoot(factory.makeHome(output: self), owner: self)
    }

    package func homeDidRequestBrowse() {
        let list = makeList()
        addChild(list)
        list.start()
    }

    private func makeList() -> ListCoordinator {
        ListCoordinator(router: router, factory: factory, repository: repository, favourites: favourites)
    }

    /// The tab's stack for `home`, `catalog` or `catalog/<id>`: Home as it
    /// is, then a new list and detail, as if the user had walked there; back
    /// from the detail lands on the item in the list. Without a detail the
    /// list selects `selecting` (a restored list's row).
    package func plan(list: Bool, itemID: String?, selecting: String? = nil) -> RoutePlan {
        var plan = RoutePlan(keepingRootOf: router)
        guard list else { return plan }
        let list = makeList()
        let module = list.makeModule(selecting: itemID ?? selecting)
        plan.adopt(list, by: self)
        plan.push(list.split, owner: list)
        // The split's columns fill once it is in the tab's stack, so nothing
        // appears before the plan is applied.
        plan.afterApplying { [weak list] in list?.router.setRoot(module, owner: list) }
        guard let itemID else { return plan }
        plan.afterApplying { [weak list] in list?.open(itemID: itemID) }
        return plan
    }

    /// The list flow of the current stack, if any.
    package var listFlow: ListCoordinator? { children.compactMap { $0 as? ListCoordinator }.first }
}
