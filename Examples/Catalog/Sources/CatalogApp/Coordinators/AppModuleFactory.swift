import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Builds the auth screens.
@MainActor
package protocol AuthModuleFactory: AnyObject {
    func makeLogin(route: any LoginRoute) -> any Presentable
    func makeSignUp(route: any SignUpRoute) -> any Presentable
}

/// Builds the screens of the main flow's other tabs.
@MainActor
package protocol MainModuleFactory: CatalogModuleFactory {
    /// The favourites list; `selecting` is the favourite it selects once its rows are in.
    func makeFavourites(route: any FavouritesRoute, favourites: any Favourites, selecting itemID: String?) -> any Presentable
    func makeAccount(route: any AccountRoute, account: Account?) -> any Presentable
}

/// Who is using the app: an account, or a guest.
package enum Session: Equatable, Sendable {
    case signedIn(Account)
    case guest

    package var account: Account? {
        if case .signedIn(let account) = self { account } else { nil }
    }
}
