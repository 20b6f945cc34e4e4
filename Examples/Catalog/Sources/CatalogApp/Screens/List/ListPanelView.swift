import ShojiCurses
import ShojiWidgets

/// The catalogue list: spinner while loading, the filter on `/`, Enter to open.
@MainActor
final class ListPanelView: ListScreenPanelView, ListView {
    let presenter: ListPresenter

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        super.init(title: "List", clock: clock, rows: presenter)
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "catalog" }

    func select(index: Int) { list.selectedIndex = index }
}
