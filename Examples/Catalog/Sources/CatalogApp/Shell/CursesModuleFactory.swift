import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiNavigation

/// Builds every module of the app as a curses panel view with its presenter.
@MainActor
package final class CursesModuleFactory: AuthModuleFactory, MainModuleFactory {
    private let repository: CatalogRepository
    private let accounts: any Authenticating
    private let clock: any LoopClock
    /// A served session's key, offered for linking on the Account tab.
    private let keys: (any KeyLinking)?

    package init(repository: CatalogRepository, accounts: any Authenticating, clock: any LoopClock,
                 keys: (any KeyLinking)? = nil) {
        self.repository = repository
        self.accounts = accounts
        self.clock = clock
        self.keys = keys
    }

    package func makeHome(route: any HomeRoute) -> any Presentable {
        let presenter = HomePresenter(repository: repository)
        presenter.route = route
        return HomePanelView(presenter: presenter)
    }

    package func makeList(route: any ListRoute) -> (view: any Presentable, presenter: ListPresenter) {
        let presenter = ListPresenter(repository: repository)
        presenter.route = route
        return (ListPanelView(presenter: presenter, clock: clock), presenter)
    }

    package func makeDetail(itemID: String, favourites: any Favourites, route: any DetailRoute) -> any Presentable {
        let presenter = DetailPresenter(itemID: itemID, repository: repository, favourites: favourites)
        presenter.route = route
        return DetailPanelView(presenter: presenter)
    }

    package func makeFavourites(route: any FavouritesRoute, favourites: any Favourites) -> any Presentable {
        let presenter = FavouritesPresenter(repository: repository, favourites: favourites)
        presenter.route = route
        return FavouritesPanelView(presenter: presenter)
    }

    package func makeAccount(route: any AccountRoute, account: Account?) -> any Presentable {
        let presenter = AccountPresenter(account: account, keys: keys)
        presenter.route = route
        return AccountPanelView(presenter: presenter)
    }

    package func makeLogin(route: any LoginRoute) -> any Presentable {
        let presenter = LoginPresenter(accounts: accounts)
        presenter.route = route
        return LoginPanelView(presenter: presenter)
    }

    package func makeSignUp(route: any SignUpRoute) -> any Presentable {
        let presenter = SignUpPresenter(accounts: accounts)
        presenter.route = route
        return SignUpPanelView(presenter: presenter)
    }
}
