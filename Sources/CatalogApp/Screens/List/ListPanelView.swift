import Curses
import Widgets

/// The catalogue list: spinner while loading, the filter on `/`, Enter to open.
@MainActor
final class ListPanelView: ListScreenPanelView, ListView {
    let presenter: ListPresenter

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        // Strong captures: the view owns the presenter and the presenter holds
        // the view weakly, so there is no cycle, and the filter calls these a
        // million times (a weak load each would show).
        let rows = PresenterListDataSource(
            count: { [presenter] in presenter.rowCount },
            row: { [presenter] in presenter.row(at: $0) },
            title: { [presenter] in presenter.title(at: $0) })
        super.init(title: "List", clock: clock, rows: rows) { [weak presenter] in presenter?.didChoose(index: $0) }
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "catalog" }

    func select(index: Int) { list.selectedIndex = index }
}
