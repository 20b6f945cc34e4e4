import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// One item's detail. A flow of its own, so that popping it,
/// by back or by anything else, removes it from its parent's children.
@MainActor
package final class DetailCoordinator: Coordinator, DetailOutput {
    private let factory: any CatalogModuleFactory
    private let favourites: any Favourites
    package let itemID: String

    init(router: any Routing, factory: any CatalogModuleFactory, itemID: String, favourites: any Favourites) {
        self.factory = factory
        self.itemID = itemID
        self.favourites = favourites
        super.init(router: router)
    }

    package override func start() {
        router.push(makeModule(), owner: self)
    }

    /// The detail module, for `start()` or a route plan.
    package func makeModule() -> any Presentable {
        factory.makeDetail(itemID: itemID, favourites: favourites, output: self)
    }

    /// The item does not exist (a deep link to an unknown id): the flow
    /// ends, and the flow it was opened from says so in an alert.
    package func detailDidNotFindItem() {
        let opener = parent
        cancel(.popped)
        opener?.presentAlert(.missingItem(itemID))
    }
}
