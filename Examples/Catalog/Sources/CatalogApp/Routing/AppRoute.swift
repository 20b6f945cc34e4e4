import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// The screens a route path can name (Examples/Catalog/README.md, "Options": `--open`), checked before the
/// screen starts. Deep links (`--open`) and restoration (`--restore`) both
/// use it.
package enum AppRoute: Equatable, Sendable {
    case home
    case catalog
    case catalogItem(String)
    case favourites
    case favouriteItem(String)
    case account
    case login
    case signUp

    package static let validForms = ["home", "catalog", "catalog/<id>", "favourites", "favourites/<id>",
                                    "account", "login", "signup"]

    /// What a signed-in user can open.
    package static let mainFlowForms = ["home", "catalog", "catalog/<id>", "favourites", "favourites/<id>", "account"]

    /// Parses `text`; the error names the step that failed and the valid forms.
    package init(parsing text: String) throws(RouteError) {
        let path = try RoutePath(text)
        let components = path.components
        func unknown(_ step: Int) -> RouteError {
            .unknownStep(step: step, component: components[step], validForms: Self.validForms)
        }
        switch (components[0], components.count) {
        case ("home", 1): self = .home
        case ("catalog", 1): self = .catalog
        case ("catalog", 2): self = .catalogItem(components[1])
        case ("favourites", 1): self = .favourites
        case ("favourites", 2): self = .favouriteItem(components[1])
        case ("account", 1): self = .account
        case ("login", 1): self = .login
        case ("signup", 1): self = .signUp
        case ("home", _), ("catalog", _), ("favourites", _), ("account", _), ("login", _), ("signup", _):
            throw unknown(min(components.count - 1, 2))
        default:
            throw unknown(0)
        }
    }

    /// The path text for this route.
    package var path: String {
        switch self {
        case .home: "home"
        case .catalog: "catalog"
        case .catalogItem(let id): "catalog/\(id)"
        case .favourites: "favourites"
        case .favouriteItem(let id): "favourites/\(id)"
        case .account: "account"
        case .login: "login"
        case .signUp: "signup"
        }
    }

    /// Whether this route belongs to the main flow (so a signed-out user signs in first).
    package var isMainFlow: Bool { self != .login && self != .signUp }

    /// The route of a tab's stack, from its entries' route components.
    static func of(tab: MainCoordinator.Tab, components: [String]) -> AppRoute {
        switch tab {
        case .catalog:
            if components.count >= 3 { return .catalogItem(components[2]) }
            return components.count == 2 ? .catalog : .home
        case .favourites:
            return components.count >= 2 ? .favouriteItem(components[1]) : .favourites
        case .account:
            return .account
        }
    }
}
