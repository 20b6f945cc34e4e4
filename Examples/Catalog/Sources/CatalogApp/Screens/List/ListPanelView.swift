import ShojiAppKit

/// The catalogue list: spinner while loading, the filter on `/`, Enter to open.
@MainActor
final class ListPanelView: ListScreenView, ListView {
    let presenter: ListPresenter

    init(presenter: ListPresenter, clock: any LoopClock) {
        self.presenter = presenter
        super.init(title: "List", rows: presenter, clock: clock)
        presenter.view = self
        presenter.viewDidLoad()
    }

    func showRows(count: Int) { showRows() }

    override var routeComponent: String? { "catalog" }
}

/// The kit's list view reads rows through this; the presenter stays free of
/// curses types.
extension ListPresenter: ListScreenRows {
    package func row(at index: Int) -> ListRow {
        let text = rowText(at: index)
        return ListRow(title: text.title, secondary: text.secondary)
    }

    /// The filter's search, in one pass over the catalogue's storage.
    package func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        titleIndices(among: candidates, where: query.matches)
    }
}
