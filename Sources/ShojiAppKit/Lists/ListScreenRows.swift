/// What a list screen's presenter offers its view: rows to draw, titles to
/// filter, and the user's choice to report. A presenter adopts it; the view
/// (`ListScreenView`) asks only for the rows it draws.
@MainActor
public protocol ListScreenRows: AnyObject {
    /// How many rows there are now.
    var rowCount: Int { get }
    /// The row at `index`, asked for the visible rows only, at every redraw.
    func row(at index: Int) -> ListRow
    /// The title alone, for the filter; the default takes the row's.
    func title(at index: Int) -> String
    /// The indices among `candidates` (every row when nil) whose title
    /// matches `query`. The default asks `title(at:)` row by row; a presenter
    /// over a large model searches its own storage in one loop.
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int]
    /// The user chose the row at `index` (Enter, Right, `l`).
    func didChoose(index: Int)
}

extension ListScreenRows {
    /// The row's title (what the filter matches).
    public func title(at index: Int) -> String { row(at: index).title }

    /// Searches the titles one by one; `candidates` (the previous matches) narrows the search.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        PresenterListDataSource(rows: self).titleSearch(matching: query, among: candidates)
    }
}

/// Feeds a `ListWidget` from a presenter's rows, so the widget never holds a
/// copy of the model.
///
/// It holds the presenter strongly: the view owns the presenter and the
/// presenter holds the view weakly, so there is no cycle, and the filter
/// reads a million titles per keystroke (a weak load each would show).
@MainActor
public struct PresenterListDataSource: ListDataSource {
    /// The presenter the rows come from.
    public let rows: any ListScreenRows

    /// Feeds a list from `rows`.
    public init(rows: any ListScreenRows) { self.rows = rows }

    /// The number of rows.
    public var count: Int { rows.rowCount }
    /// The row at `index`, asked of the presenter.
    public func row(at index: Int) -> ListRow { rows.row(at: index) }
    /// The title at `index`, asked of the presenter.
    public func title(at index: Int) -> String { rows.title(at: index) }
    /// The presenter's search (its own, or the default title-by-title one).
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        rows.indices(matching: query, among: candidates)
    }
}
