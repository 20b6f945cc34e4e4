import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The catalogue list: spinner while loading, the filter on `/`, Enter to open.
@MainActor
final class ListPanelView: ListScreenView, ListView {
    let presenter: ListPresenter

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        super.init(title: "List", rows: presenter, clock: clock)
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }
}
