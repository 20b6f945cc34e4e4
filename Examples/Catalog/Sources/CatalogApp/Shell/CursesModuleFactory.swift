import ShojiNavigation
import ShojiCurses

/// Builds every module of the app as a curses panel view with its presenter.
@MainActor
public final class CursesModuleFactory: AuthModuleFactory, MainModuleFactory {
    private let repository: CatalogRepository
    private let accounts: any Authenticating
    private let clock: any LoopClock

    public init(repository: CatalogRepository, accounts: any Authenticating, clock: any LoopClock) {
        self.repository = repository
        self.accounts = accounts
        self.clock = clock
    }

    public func makeHome(route: any HomeRoute) -> any Presentable {
        let presenter = HomePresenter(repository: repository)
        presenter.route = route
        return HomePanelView(presenter: presenter)
    }

    public func makeList(route: any ListRoute) -> (view: any Presentable, presenter: ListPresenter) {
        let presenter = ListPresenter(repository: repository)
        presenter.route = route
        return (ListPanelView(presenter: presenter, clock: clock), presenter)
    }

    public func makeDetail(item: CatalogItem, favourites: any Favourites) -> any Presentable {
        DetailPanelView(presenter: DetailPresenter(item: item, favourites: favourites))
    }

    public func makeAlert(_ content: AlertContent, result: ResultChannel<Int>) -> any Presentable {
        AlertPanelView(content, result: result)
    }

    public func makeFavourites(route: any FavouritesRoute, favourites: any Favourites) -> any Presentable {
        let presenter = FavouritesPresenter(repository: repository, favourites: favourites)
        presenter.route = route
        return FavouritesPanelView(presenter: presenter)
    }

    public func makeAccount(route: any AccountRoute, account: Account?) -> any Presentable {
        let presenter = AccountPresenter(account: account)
        presenter.route = route
        return AccountPanelView(presenter: presenter)
    }

    public func makeLogin(route: any LoginRoute) -> any Presentable {
        let presenter = LoginPresenter(accounts: accounts)
        presenter.route = route
        return LoginPanelView(presenter: presenter)
    }

    public func makeSignUp(route: any SignUpRoute) -> any Presentable {
        let presenter = SignUpPresenter(accounts: accounts)
        presenter.route = route
        return SignUpPanelView(presenter: presenter)
    }
}
