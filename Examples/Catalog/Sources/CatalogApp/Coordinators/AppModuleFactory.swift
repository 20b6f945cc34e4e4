import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Builds the auth screens.
@MainActor
package protocol AuthModuleFactory: AnyObject {
    func makeLogin(output: any LoginOutput) -> any Presentable
    func makeSignUp(output: any SignUpOutput) -> any Presentable
}

/// Builds the screens of the main flow's other tabs.
@MainActor
package protocol MainModuleFactory: CatalogModuleFactory {
    /// The favourites list; `selecting` is the favourite it selects once its rows are in.
    func makeFavourites(output: any FavouritesOutput, favourites: any Favourites, selecting itemID: String?) -> any Presentable
    func makeAccount(output: any AccountOutput, account: Account?) -> any Presentable
}

/// Who is using the app: an account, or a guest.
package enum Session: Equatable, Sendable {
    case signedIn(Account)
    case guest

    package var account: Account? {
        if case .signedIn(let account) = self { account } else { nil }
    }
}
