import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiNavigation

/// Builds every module of the app as a curses panel view with its presenter,
/// and names each screen's part of a route path (`catalog/<id>`).
@MainActor
package final class CursesModuleFactory: AuthModuleFactory, MainModuleFactory {
    private let repository: CatalogRepository
    private let accounts: any Authenticating
    private let clock: any LoopClock
    /// A served session's key, offered for linking on the Account tab.
    private let keys: (any KeyLinking)?
    /// One per session, so leaving the login screen does not reset it.
    private let signInThrottle: SignInThrottle

    package init(repository: CatalogRepository, accounts: any Authenticating, clock: any LoopClock,
                 keys: (any KeyLinking)? = nil) {
        self.repository = repository
        self.accounts = accounts
        self.clock = clock
        self.keys = keys
        signInThrottle = SignInThrottle(now: { clock.now })
    }

    package func makeHome(route: any HomeRoute) -> any Presentable {
        let presenter = HomePresenter(repository: repository)
        presenter.route = route
        let view = HomePanelView(presenter: presenter)
        view.routeComponent = "home"
        return view
    }

    package func makeList(route: any ListRoute, selecting itemID: String?) -> any Presentable {
        let presenter = ListPresenter(repository: repository, selecting: itemID)
        presenter.route = route
        let view = ListPanelView(presenter: presenter, clock: clock)
        view.routeComponent = "catalog"
        return view
    }

    package func makeDetail(itemID: String, favourites: any Favourites, route: any DetailRoute) -> any Presentable {
        let presenter = DetailPresenter(itemID: itemID, repository: repository, favourites: favourites)
        presenter.route = route
        let view = DetailPanelView(presenter: presenter, clock: clock)
        view.routeComponent = itemID
        return view
    }

    package func makeFavourites(route: any FavouritesRoute, favourites: any Favourites,
                                selecting itemID: String?) -> any Presentable {
        let presenter = FavouritesPresenter(repository: repository, favourites: favourites, selecting: itemID)
        presenter.route = route
        let view = FavouritesPanelView(presenter: presenter)
        view.routeComponent = "favourites"
        return view
    }

    package func makeAccount(route: any AccountRoute, account: Account?) -> any Presentable {
        let presenter = AccountPresenter(account: account, keys: keys)
        presenter.route = route
        let view = AccountPanelView(presenter: presenter)
        view.routeComponent = "account"
        return view
    }

    package func makeLogin(route: any LoginRoute) -> any Presentable {
        let presenter = LoginPresenter(accounts: accounts, throttle: signInThrottle)
        presenter.route = route
        let view = LoginPanelView(presenter: presenter)
        view.routeComponent = "login"
        return view
    }

    package func makeSignUp(route: any SignUpRoute) -> any Presentable {
        let presenter = SignUpPresenter(accounts: accounts)
        presenter.route = route
        let view = SignUpPanelView(presenter: presenter)
        view.routeComponent = "signup"
        return view
    }
}
