import ShojiCurses
import ShojiWidgets

/// What the catalogue list and the favourites list share: a `ListWidget` fed
/// from a presenter's rows, a loading state and an empty state.
@MainActor
class ListScreenPanelView: PanelView {
    let list: ListWidget
    private let clock: (any LoopClock)?

    init(title: String, clock: (any LoopClock)?, rows: any ListRows) {
        self.clock = clock
        list = ListWidget(dataSource: PresenterListDataSource(rows))
        super.init(title: title)
        list.onChoose = { [weak rows] index in rows?.didChoose(index: index) }
        content = list
    }

    override var isEditingText: Bool { list.isEditingText }
    override var cursorPosition: CellPoint? { list.cursorPosition }

    func showLoading() {
        list.isLoading = true
        if let clock { list.spinner.start(clock: clock) }
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
}
