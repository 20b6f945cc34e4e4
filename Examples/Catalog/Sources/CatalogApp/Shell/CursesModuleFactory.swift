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
    /// The narrowest content that shows an item's detail beside its list.
    package var sideBySideWidth = ListCoordinator.sideBySideWidth

    package init(repository: CatalogRepository, accounts: any Authenticating, clock: any LoopClock,
                 keys: (any KeyLinking)? = nil) {
        self.repository = repository
        self.accounts = accounts
        self.clock = clock
        self.keys = keys
        signInThrottle = SignInThrottle(now: { clock.now })
    }

    package func makeHome(output: any HomeOutput) -> any Presentable {
        let presenter = HomePresenter(repository: repository)
        presenter.output = output
        let view = HomePanelView(presenter: presenter)
        view.routeComponent = "home"
        return view
    }

    package func makeList(output: any ListOutput, selecting itemID: String?) -> any Presentable {
        let presenter = ListPresenter(repository: repository, selecting: itemID)
        presenter.output = output
        let view = ListPanelView(presenter: presenter, clock: clock)
        view.routeComponent = "catalog"
        return view
    }

    package func makeDetail(itemID: String, favourites: any Favourites, output: any DetailOutput) -> any Presentable {
        let presenter = DetailPresenter(itemID: itemID, repository: repository, favourites: favourites)
        presenter.output = output
        let view = DetailPanelView(presenter: presenter, clock: clock)
        view.routeComponent = itemID
        return view
    }

    package func makeFavourites(output: any FavouritesOutput, favourites: any Favourites,
                                selecting itemID: String?) -> any Presentable {
        let presenter = FavouritesPresenter(repository: repository, favourites: favourites, selecting: itemID)
        presenter.output = output
        let view = FavouritesPanelView(presenter: presenter)
        view.routeComponent = "favourites"
        return view
    }

    package func makeAccount(output: any AccountOutput, account: Account?) -> any Presentable {
        let presenter = AccountPresenter(account: account, keys: keys)
        presenter.output = output
        let view = AccountPanelView(presenter: presenter)
        view.routeComponent = "account"
        return view
    }

    package func makeLogin(output: any LoginOutput) -> any Presentable {
        let presenter = LoginPresenter(accounts: accounts, throttle: signInThrottle)
        presenter.output = output
        let view = LoginPanelView(presenter: presenter)
        view.routeComponent = "login"
        return view
    }

    package func makeSignUp(output: any SignUpOutput) -> any Presentable {
        let presenter = SignUpPresenter(accounts: accounts)
        presenter.output = output
        let view = SignUpPanelView(presenter: presenter)
        view.routeComponent = "signup"
        return view
    }
}
