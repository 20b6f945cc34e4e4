import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Remembers who is signed in between runs.
@MainActor
package protocol SessionStoring: AnyObject {
    /// The saved session, or nil when signed out.
    func restore() -> Session?
    func save(_ session: Session)
    func clear()
}

/// Starts the auth flow or the main flow from the session, swaps
/// them when one finishes, and resolves route paths (deep links, restore)
/// into plans: a path of the main flow opened while signed out waits for
/// sign-in, then opens.
@MainActor
package final class AppCoordinator: Coordinator, RouteResolving {
    private let authFactory: any AuthModuleFactory
    private let mainFactory: any MainModuleFactory
    private let repository: CatalogRepository
    private let sessions: any SessionStoring
    private let makeFavourites: @MainActor (Session) -> any Favourites
    /// A main-flow route asked for while signed out: opened after sign-in.
    package private(set) var pendingRoute: AppRoute?
    package private(set) var session: Session?
    /// Called before signing out, while the tabs are as the user left them
    /// (the app saves the route then).
    package var willSignOut: (() -> Void)?
    /// When set, signing out (or a guest choosing to sign in) ends the app
    /// instead of showing the auth flow: a served session's identity is
    /// fixed by the SSH server, so the app must not switch accounts.
    package var onSignedOut: (() -> Void)?
    /// The row a restored list selects (saved with the path): used by the
    /// first `catalog` or `favourites` route opened, then forgotten.
    package var restoredSelection: String?
    /// Who the app starts as: by default the saved session, if any.
    package lazy var startingSession: () -> Session? = { [sessions] in sessions.restore() }

    package init(router: any Routing, authFactory: any AuthModuleFactory, mainFactory: any MainModuleFactory,
                 repository: CatalogRepository, sessions: any SessionStoring,
                 favourites: @escaping @MainActor (Session) -> any Favourites) {
        self.authFactory = authFactory
        self.mainFactory = mainFactory
        self.repository = repository
        self.sessions = sessions
        self.makeFavourites = favourites
        super.init(router: router)
    }

    package override func start() { start(session: startingSession(), route: nil) }

    /// Starts with `session` (nil: signed out), then opens `route` as a deep
    /// link would (a main-flow route waits for sign-in).
    package func start(session: Session?, route: AppRoute?) {
        if let session { startMain(session) } else { startAuth() }
        if let route, let path = try? RoutePath(route.path) { try? open(path) }
    }

    package var authFlow: AuthCoordinator? { children.compactMap { $0 as? AuthCoordinator }.first }
    package var mainFlow: MainCoordinator? { children.compactMap { $0 as? MainCoordinator }.first }

    /// The route of what is on screen now, for saving on quit.
    package var currentRoute: AppRoute {
        if let auth = authFlow {
            return auth.router.top?.presentable.routeComponent == "signup" ? .signUp : .login
        }
        return mainFlow?.currentRoute ?? .home
    }

    // MARK: RouteResolving

    package static func validate(_ path: RoutePath) throws(RouteError) {
        _ = try AppRoute(parsing: path.description)
    }

    package func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
        let route = try AppRoute(parsing: path.description)
        if let main = mainFlow {
            guard route.isMainFlow else {
                throw .unreachable(step: 0, component: path.first, reason: "you are signed in (sign out first)",
                                   validForms: AppRoute.mainFlowForms)
            }
            defer { restoredSelection = nil }
            return try main.plan(for: route, selecting: restoredSelection)
        }
        var plan = RoutePlan()
        switch route {
        case .signUp: plan.afterApplying { [weak self] in self?.authFlow?.showSignUp() }
        case .login: plan.afterApplying { [weak self] in self?.authFlow?.showLogin() }
        default: plan.afterApplying { [weak self] in self?.pendingRoute = route }
        }
        return plan
    }

    package var currentPath: RoutePath? { try? RoutePath(currentRoute.path) }

    /// The item the list on screen selects (saved with the path), if the
    /// keys are in a list.
    package var currentSelection: String? { mainFlow?.currentSelection }

    // MARK: Flows

    private func startAuth() {
        session = nil
        let auth = AuthCoordinator(router: router, factory: authFactory)
        addChild(auth) { [weak self] outcome in
            guard let self, case .completed(let session) = outcome else { return }
            if case .signedIn = session { sessions.save(session) }
            startMain(session)
        }
        auth.start()
    }

    private func startMain(_ session: Session) {
        self.session = session
        let main = MainCoordinator(router: router, factory: mainFactory, repository: repository,
                                   session: session, favourites: makeFavourites(session))
        main.willSignOut = { [weak self] in self?.willSignOut?() }
        addChild(main) { [weak self] _ in
            guard let self else { return }
            sessions.clear()
            if let onSignedOut { onSignedOut() } else { startAuth() }
        }
        main.start()
        if let route = pendingRoute {
            pendingRoute = nil
            // A favourite this account does not have opens nothing.
            (try? main.plan(for: route, selecting: restoredSelection))?.apply(to: router)
            restoredSelection = nil
        }
    }
}
