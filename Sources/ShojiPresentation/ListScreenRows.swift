/// What a list screen's presenter offers its view: rows to draw, titles to
/// filter, and the user's choice to report. A presenter adopts it; the view
/// (the kit's `ListScreenView`) asks only for the rows it draws.
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
    /// The user moved the selection to the row at `index` (a list beside its
    /// detail previews it). The default does nothing.
    func didHighlight(index: Int)
}

extension ListScreenRows {
    /// Does nothing: most lists act only on a choice.
    public func didHighlight(index: Int) {}

    /// The row's title (what the filter matches).
    public func title(at index: Int) -> String { row(at: index).title }

    /// Searches the titles one by one; `candidates` (the previous matches) narrows the search.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        RowSearch.indices(matching: query, among: candidates, count: rowCount) { title(at: $0) }
    }
}
