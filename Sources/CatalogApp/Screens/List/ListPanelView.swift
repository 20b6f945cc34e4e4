import Curses
import Widgets

/// The catalogue list drawn with `ListWidget`: spinner while loading, the
/// filter on `/`, Enter to open.
@MainActor
final class ListPanelView: PanelView, ListView {
    let presenter: ListPresenter
    private let list: ListWidget
    private let clock: any LoopClock

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        self.clock = clock
        list = ListWidget(dataSource: PresenterListDataSource(
            count: { [weak presenter] in presenter?.rowCount ?? 0 },
            row: { [weak presenter] in presenter?.row(at: $0) ?? ("", nil) },
            title: { [weak presenter] in presenter?.title(at: $0) ?? "" }))
        super.init(title: "List")
        list.onChoose = { [weak presenter] index in presenter?.didChoose(index: index) }
        content = list
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "catalog" }
    override var isEditingText: Bool { list.isEditingText }
    override var cursorPosition: Point? { list.cursorPosition }

    func showLoading() {
        list.isLoading = true
        list.spinner.start(clock: clock)
    }

    func showRows(count: Int) {
        list.spinner.stop()
        list.isLoading = false
        list.reloadData()
    }

    func showEmpty(message: String) {
        list.spinner.stop()
        list.isLoading = false
        list.emptyMessage = message
        list.reloadData()
    }

    func select(index: Int) { list.selectedIndex = index }
}
