import CatalogModel
import CatalogPresenters
import ShojiNavigation

/// Builds the catalog flow's modules, so coordinators can be tested with
/// fakes and the curses views stay out of them.
@MainActor
package protocol CatalogModuleFactory: AnyObject {
    func makeHome(output: any HomeOutput) -> any Presentable
    /// The list module; it selects `itemID` once its rows are in (a deep link).
    func makeList(output: any ListOutput, selecting itemID: String?) -> any Presentable
    /// The detail of the item with `itemID`, which may not be loaded yet (a
    /// deep link): the module looks it up and reports a missing one to `route`.
    func makeDetail(itemID: String, favourites: any Favourites, output: any DetailOutput) -> any Presentable
    /// The narrowest content that shows an item's detail beside its list
    /// (`Int.max`: never, the list alone at every width).
    var sideBySideWidth: Int { get }
}

extension CatalogModuleFactory {
    /// From ``ListCoordinator/sideBySideWidth`` columns, unless a factory says otherwise.
    package var sideBySideWidth: Int { ListCoordinator.sideBySideWidth }
}
