import ShojiNavigation

/// The main flow (seed 003): three tabs, each a flow with its own router.
/// Finishes when the user signs out; finishing releases every tab's flow,
/// presenter and view.
@MainActor
public final class MainCoordinator: FlowCoordinator<Void> {
    public enum Tab: Int, CaseIterable, Sendable {
        case catalog, favourites, account

        public var title: String {
            switch self {
            case .catalog: "Catalog"
            case .favourites: "Favourites"
            case .account: "Account"
            }
        }
    }

    public private(set) var tabs: TabContainer?
    /// Called when the user signs out, while the tabs are still as they were.
    public var willSignOut: (() -> Void)?
    private let factory: any MainModuleFactory
    private let repository: CatalogRepository
    private let session: Session
    private let favourites: any Favourites

    public init(router: any Routing, factory: any MainModuleFactory, repository: CatalogRepository,
                session: Session, favourites: any Favourites) {
        self.factory = factory
        self.repository = repository
        self.session = session
        self.favourites = favourites
        super.init(router: router)
    }

    public override func start() {
        let catalog = CatalogCoordinator(router: StackRouter(), factory: factory, repository: repository, favourites: favourites)
        let favouritesFlow = FavouritesCoordinator(router: StackRouter(), factory: factory, repository: repository,
                                                   favourites: favourites)
        let account = AccountCoordinator(router: StackRouter(), factory: factory, session: session) { [weak self] in
            self?.willSignOut?()
            self?.finish(with: ())
        }
        let flows: [Coordinator] = [catalog, favouritesFlow, account]
        flows.forEach(addChild)
        let container = TabContainer(tabs: zip(Tab.allCases, flows).map { TabContainer.Tab(title: $0.title, coordinator: $1) })
        tabs = container
        container.start()
    }

    public var catalogFlow: CatalogCoordinator? { tabs?.tabs[Tab.catalog.rawValue].coordinator as? CatalogCoordinator }
    public var favouritesFlow: FavouritesCoordinator? {
        tabs?.tabs[Tab.favourites.rawValue].coordinator as? FavouritesCoordinator
    }
}
