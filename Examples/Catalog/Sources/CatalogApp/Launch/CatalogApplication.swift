import ShojiNavigation
import ShojiCurses

/// The app assembled on a screen: factory, shell, root router and app
/// coordinator. The launcher builds one on the real terminal; tests build one
/// on a headless screen and drive it with keys.
@MainActor
public final class CatalogApplication {
    public let repository: CatalogRepository
    public let rootRouter = StackRouter()
    public let shell: CatalogShell
    public let app: AppCoordinator

    public init(screen: TerminalScreen, clock: any LoopClock, service: any CatalogService, accounts: AccountStore,
                favourites favouritesStore: FavouritesStore, sessions: any SessionStoring) {
        repository = CatalogRepository(service: service)
        let factory = CursesModuleFactory(repository: repository, accounts: accounts, clock: clock)
        shell = CatalogShell(screen: screen, rootRouter: rootRouter)
        app = AppCoordinator(router: rootRouter, authFactory: factory, mainFactory: factory,
                             repository: repository, sessions: sessions) { session in
            guard let account = session.account else { return GuestFavourites() }
            return AccountFavourites(store: favouritesStore, account: account)
        }
        app.shell = shell
    }

    public func start(session: Session?, route: AppRoute?) {
        app.start(session: session, route: route)
    }

    public func handle(_ key: TerminalKey) { shell.handle(key) }
}
