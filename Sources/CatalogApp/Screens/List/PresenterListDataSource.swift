import Widgets

/// What a list presenter offers its view: rows to draw, titles to filter, and
/// a choice to report. The catalogue list and the favourites list share it.
@MainActor
protocol ListRows: AnyObject {
    var rowCount: Int { get }
    func row(at index: Int) -> (title: String, secondary: String?)
    func title(at index: Int) -> String
    func didChoose(index: Int)
}

/// Feeds a `ListWidget` from a presenter's rows, so the widget asks for the
/// visible rows only and never holds a copy of the catalogue.
///
/// It holds the presenter strongly: the view owns the presenter and the
/// presenter holds the view weakly, so there is no cycle, and the filter
/// reads a million titles per keystroke (a weak load each would show).
@MainActor
final class PresenterListDataSource: ListDataSource {
    private let rows: any ListRows

    init(_ rows: any ListRows) { self.rows = rows }

    var count: Int { rows.rowCount }

    func row(at index: Int) -> ListRow {
        let row = rows.row(at: index)
        return ListRow(title: row.title, secondary: row.secondary)
    }

    func title(at index: Int) -> String { rows.title(at: index) }
}

extension ListPresenter: ListRows {}
extension FavouritesPresenter: ListRows {}
