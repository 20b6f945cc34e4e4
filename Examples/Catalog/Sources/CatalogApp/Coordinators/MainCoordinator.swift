import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// The main flow: three tabs, each a flow with its own router,
/// shown as one entry of the app's router. Finishes when the user signs
/// out; finishing removes the tabs and releases every tab's flow, presenter
/// and view.
@MainActor
package final class MainCoordinator: FlowCoordinator<Void> {
    package enum Tab: Int, CaseIterable, Sendable {
        case catalog, favourites, account

        package var title: String {
            switch self {
            case .catalog: "Catalog"
            case .favourites: "Favourites"
            case .account: "Account"
            }
        }
    }

    package private(set) weak var tabs: TabContainer?
    /// Called when the user signs out, while the tabs are still as they were.
    package var willSignOut: (() -> Void)?
    private let factory: any MainModuleFactory
    private let repository: CatalogRepository
    private let session: Session
    private let favourites: any Favourites

    package init(router: any Routing, factory: any MainModuleFactory, repository: CatalogRepository,
                 session: Session, favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.session = session
        self.favourites = favourites
        super.init(router: router)
    }

    package override func start() {
        let catalog = CatalogCoordinator(router: StackRouter(), factory: factory, repository: repository,
                                         favourites: favourites)
        let favouritesFlow = FavouritesCoordinator(router: StackRouter(), factory: factory, favourites: favourites)
        let account = AccountCoordinator(router: StackRouter(), factory: factory, session: session) { [weak self] in
            self?.willSignOut?()
            self?.finish(with: ())
        }
        let flows: [Coordinator] = [catalog, favouritesFlow, account]
        flows.forEach(addChild)
        let container = TabContainer(tabs: zip(Tab.allCases, flows).map { TabContainer.Tab(title: $0.title, coordinator: $1) })
        tabs = container
        container.start()
        router.setRoot(container, owner: self)
    }

    package var catalogFlow: CatalogCoordinator? { tabs?.tabs[Tab.catalog.rawValue].coordinator as? CatalogCoordinator }
    package var favouritesFlow: FavouritesCoordinator? {
        tabs?.tabs[Tab.favourites.rawValue].coordinator as? FavouritesCoordinator
    }

    /// The stacks a main-flow route names, and the tab to select. A
    /// `favourites/<id>` whose item is not one of this user's favourites
    /// does not open: the Favourites tab could not have shown it.
    /// `selecting` is the row a list route (`catalog`, `favourites`) selects.
    package func plan(for route: AppRoute, selecting: String? = nil) throws(RouteError) -> RoutePlan {
        let tab: Tab
        let stack: (router: any Routing, plan: RoutePlan)?
        switch route {
        case .home, .login, .signUp:
            tab = .catalog
            stack = catalogFlow.map { ($0.router, $0.plan(list: false, itemID: nil)) }
        case .catalog:
            tab = .catalog
            stack = catalogFlow.map { ($0.router, $0.plan(list: true, itemID: nil, selecting: selecting)) }
        case .catalogItem(let id):
            tab = .catalog
            stack = catalogFlow.map { ($0.router, $0.plan(list: true, itemID: id)) }
        case .favourites:
            tab = .favourites
            stack = favouritesFlow.map { ($0.router, $0.plan(itemID: nil, selecting: selecting)) }
        case .favouriteItem(let id):
            guard favourites.contains(id) else {
                throw .unreachable(step: 1, component: id, reason: "not one of your favourites",
                                   validForms: AppRoute.mainFlowForms)
            }
            tab = .favourites
            stack = favouritesFlow.map { ($0.router, $0.plan(itemID: id)) }
        case .account:
            tab = .account
            stack = nil
        }
        var plan = RoutePlan()
        if let stack { plan.stack(stack.plan, on: stack.router) }
        plan.afterApplying { [weak self] in self?.tabs?.select(index: tab.rawValue) }
        return plan
    }

    /// The item the selected tab's list selects, while the keys are in
    /// that list (a split at the top of the tab, its detail not open).
    package var currentSelection: String? {
        guard let split = tabs?.selectedRouter.top?.presentable as? SplitContainer, !split.isDetailOpen,
              split.primaryRouter.entries.count == 1 else { return nil }
        return split.highlightedItemID as? String
    }

    /// The route of what the selected tab shows.
    package var currentRoute: AppRoute {
        guard let tabs, let tab = Tab(rawValue: tabs.selectedIndex) else { return .home }
        return AppRoute.of(tab: tab, components: tabs.selectedRouter.entries.flatMap(\.presentable.routeComponents))
    }
}
