import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Builds the catalog flow's modules, so coordinators can be tested with
/// fakes and the curses views stay out of them.
@MainActor
package protocol CatalogModuleFactory: AnyObject {
    func makeHome(route: any HomeRoute) -> any Presentable
    /// The list module and its presenter (the coordinator retries through it).
    func makeList(route: any ListRoute) -> (view: any Presentable, presenter: ListPresenter)
    /// The detail of the item with `itemID`, which may not be loaded yet (a
    /// deep link): the module looks it up and reports a missing one to `route`.
    func makeDetail(itemID: String, favourites: any Favourites, route: any DetailRoute) -> any Presentable
}
