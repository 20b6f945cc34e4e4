import ShojiNavigation

/// Remembers who is signed in between runs.
@MainActor
public protocol SessionStoring: AnyObject {
    /// The saved session, or nil when signed out.
    func restore() -> Session?
    func save(_ session: Session)
    func clear()
}

/// The curses shell around the flows: it shows either the auth screens or the
/// tabs, with their bars.
@MainActor
public protocol AppShell: AnyObject {
    func showAuthFlow()
    func showMainFlow(_ tabs: TabContainer)
}

/// Starts the auth flow or the main flow from the session (seed 001), swaps
/// them when one finishes, and opens deep links once the right flow is up.
@MainActor
public final class AppCoordinator: Coordinator {
    public weak var shell: (any AppShell)?
    private let authFactory: any AuthModuleFactory
    private let mainFactory: any MainModuleFactory
    private let repository: CatalogRepository
    private let sessions: any SessionStoring
    private let makeFavourites: @MainActor (Session) -> any Favourites
    private var pendingRoute: AppRoute?
    public private(set) var session: Session?
    /// Saves where the user is (on quit, on a signal, and on sign-out).
    public var onSaveRoute: ((Session, AppRoute) -> Void)?
    /// When set, signing out (or a guest choosing to sign in) ends the app
    /// instead of showing the auth flow: a served session's identity is
    /// fixed by the SSH server, so the app must not switch accounts.
    public var onSignedOut: (() -> Void)?

    public init(router: any Routing, authFactory: any AuthModuleFactory, mainFactory: any MainModuleFactory,
                repository: CatalogRepository, sessions: any SessionStoring,
                favourites: @escaping @MainActor (Session) -> any Favourites) {
        self.authFactory = authFactory
        self.mainFactory = mainFactory
        self.repository = repository
        self.sessions = sessions
        self.makeFavourites = favourites
        super.init(router: router)
    }

    public override func start() { start(session: sessions.restore(), route: nil) }

    /// Starts with `session` (nil: signed out) and then opens `route`.
    public func start(session: Session?, route: AppRoute?) {
        pendingRoute = route
        if let session { startMain(session) } else { startAuth() }
    }

    public var authFlow: AuthCoordinator? { children.compactMap { $0 as? AuthCoordinator }.first }
    public var mainFlow: MainCoordinator? { children.compactMap { $0 as? MainCoordinator }.first }

    /// The route of what is on screen now, for saving on quit.
    public var currentRoute: AppRoute {
        if let auth = authFlow {
            return auth.router.top?.presentable.routeComponent == "signup" ? .signUp : .login
        }
        guard let tabs = mainFlow?.tabs, let tab = MainCoordinator.Tab(rawValue: tabs.selectedIndex) else { return .home }
        return AppRoute.of(tab: tab, components: tabs.selectedRouter.entries.compactMap(\.presentable.routeComponent))
    }

    /// Hands the current route to `onSaveRoute` while there is a session.
    public func saveRoute() {
        guard let session else { return }
        onSaveRoute?(session, currentRoute)
    }

    private func startAuth() {
        session = nil
        let auth = AuthCoordinator(router: router, factory: authFactory)
        addChild(auth) { [weak self] outcome in
            guard let self, case .completed(let session) = outcome else { return }
            if case .signedIn = session { sessions.save(session) }
            startMain(session)
        }
        shell?.showAuthFlow()
        auth.start()
        if pendingRoute == .signUp { auth.showSignUp() }
        if pendingRoute?.isMainFlow == false { pendingRoute = nil }
    }

    private func startMain(_ session: Session) {
        self.session = session
        let main = MainCoordinator(router: router, factory: mainFactory, repository: repository,
                                   session: session, favourites: makeFavourites(session))
        main.willSignOut = { [weak self] in self?.saveRoute() }
        addChild(main) { [weak self] _ in
            guard let self else { return }
            sessions.clear()
            if let onSignedOut { onSignedOut() } else { startAuth() }
        }
        main.start()
        if let tabs = main.tabs { shell?.showMainFlow(tabs) }
        if let route = pendingRoute {
            pendingRoute = nil
            open(route, in: main)
        }
    }

    /// Builds the stack `route` names as if the user had walked there.
    private func open(_ route: AppRoute, in main: MainCoordinator) {
        guard let tabs = main.tabs else { return }
        switch route {
        case .home, .login, .signUp:
            tabs.select(index: MainCoordinator.Tab.catalog.rawValue)
        case .catalog:
            tabs.select(index: MainCoordinator.Tab.catalog.rawValue)
            main.catalogFlow?.homeDidRequestBrowse()
        case .catalogItem(let id):
            tabs.select(index: MainCoordinator.Tab.catalog.rawValue)
            guard let catalog = main.catalogFlow else { return }
            let list = catalog.startList()
            whenLoaded { [weak list] in
                // Back from the detail lands on the linked item, as if the user had chosen it.
                list?.presenter?.select(itemID: id)
                list?.listDidChoose(itemID: id)
            }
        case .favourites:
            tabs.select(index: MainCoordinator.Tab.favourites.rawValue)
        case .favouriteItem(let id):
            tabs.select(index: MainCoordinator.Tab.favourites.rawValue)
            whenLoaded { [weak main] in main?.favouritesFlow?.favouritesDidChoose(itemID: id) }
        case .account:
            tabs.select(index: MainCoordinator.Tab.account.rawValue)
        }
    }

    private func whenLoaded(_ action: @escaping @MainActor () -> Void) {
        Task { [repository] in
            _ = await repository.load()
            action()
        }
    }
}
