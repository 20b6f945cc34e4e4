import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The app assembled on a frame: factory, root router and app coordinator.
/// The launcher builds one inside `ShojiApp`; tests build one on a headless
/// screen and drive it with keys.
@MainActor
package final class CatalogApplication {
    package let repository: CatalogRepository
    package let rootRouter: StackRouter
    package let frame: AppFrame
    package let app: AppCoordinator
    private let factory: CursesModuleFactory

    /// Whether an item's detail shows beside the list on a wide terminal;
    /// false keeps the list alone at every width (`--no-side-by-side`, to
    /// measure the split against the list). Set before the list is shown.
    package var showsDetailBesideList: Bool {
        get { factory.sideBySideWidth != .max }
        set { factory.sideBySideWidth = newValue ? ListCoordinator.sideBySideWidth : .max }
    }

    package init(frame: AppFrame, router: StackRouter, clock: any LoopClock, service: any CatalogService,
                 accounts: AccountStore, favourites favouritesStore: FavouritesStore, sessions: any SessionStoring,
                 keys: (any KeyLinking)? = nil) {
        repository = CatalogRepository(service: service)
        rootRouter = router
        self.frame = frame
        factory = CursesModuleFactory(repository: repository, accounts: accounts, clock: clock, keys: keys)
        app = AppCoordinator(router: router, authFactory: factory, mainFactory: factory, repository: repository,
                             sessions: sessions) { session in
            guard let account = session.account else { return GuestFavourites() }
            return AccountFavourites(store: favouritesStore, account: account)
        }
    }

    /// On a screen of its own (tests): a frame titled "catalog" over a new root router.
    package convenience init(screen: TerminalScreen, clock: any LoopClock, service: any CatalogService,
                             accounts: AccountStore, favourites: FavouritesStore, sessions: any SessionStoring) {
        let router = StackRouter()
        self.init(frame: AppFrame(screen: screen, rootRouter: router, title: "catalog"), router: router, clock: clock,
                  service: service, accounts: accounts, favourites: favourites, sessions: sessions)
    }

    /// Starts the flows as `session` (nil: signed out), then opens `route`
    /// as a deep link would.
    package func start(session: Session?, route: AppRoute?) {
        app.start(session: session, route: route)
    }

    package func handle(_ key: TerminalKey) { frame.handle(key) }
}
