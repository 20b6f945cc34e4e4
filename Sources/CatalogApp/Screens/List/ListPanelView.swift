import Curses
import Widgets

/// The catalogue list: spinner while loading, the filter on `/`, Enter to open.
@MainActor
final class ListPanelView: ListScreenPanelView, ListView {
    let presenter: ListPresenter

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        let rows = PresenterListDataSource(
            count: { [weak presenter] in presenter?.rowCount ?? 0 },
            row: { [weak presenter] in presenter?.row(at: $0) ?? ("", nil) },
            title: { [weak presenter] in presenter?.title(at: $0) ?? "" })
        super.init(title: "List", clock: clock, rows: rows) { [weak presenter] in presenter?.didChoose(index: $0) }
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "catalog" }

    func select(index: Int) { list.selectedIndex = index }
}
