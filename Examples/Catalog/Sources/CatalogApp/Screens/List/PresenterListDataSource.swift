import ShojiWidgets

/// What a list presenter offers its view: rows to draw, titles to filter, and
/// a choice to report. The catalogue list and the favourites list share it.
@MainActor
protocol ListRows: AnyObject {
    var rowCount: Int { get }
    func row(at index: Int) -> (title: String, secondary: String?)
    func title(at index: Int) -> String
    /// The indices among `candidates` (all rows when nil) whose title
    /// satisfies `isMatch`, searched in one pass over the presenter's items.
    func titleIndices(among candidates: [Int]?, where isMatch: (String) -> Bool) -> [Int]
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

    /// The filter's search handed to the presenter whole, so a million titles
    /// are matched in the catalogue's own loop rather than through this
    /// source, the presenter and the catalogue once per title. The matcher is
    /// a method of the (unisolated) query, so no per-title actor check either.
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        rows.titleIndices(among: candidates, where: query.matches)
    }
}

extension ListPresenter: ListRows {}
extension FavouritesPresenter: ListRows {}
