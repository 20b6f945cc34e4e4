/// What a list screen's presenter offers its view: rows to draw, titles to
/// filter, and the user's choice to report. A presenter adopts it; the view
/// (the kit's `ListScreenView`) asks only for the rows it draws.
///
/// The presenter owns the highlighted item: the view reports every change
/// of it through `didHighlight(index:)`, whatever moved it (a key, the
/// mouse, the filter, a reload), and nil when no row shows. Rows with an
/// identity (`itemID(at:)`) keep the selection on the same item when the
/// presenter reloads them sorted, filtered or edited.
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
    /// What the row at `index` shows (a contact's id), so the selection
    /// follows the item across a reload; nil (the default) keeps the index.
    func itemID(at index: Int) -> AnyHashable?
    /// The user chose the row at `index` (Enter, Right, `l`).
    func didChoose(index: Int)
    /// The highlighted row is now the one at `index`, or none (nil: the
    /// filter hides every row, or there are none), whatever moved it. A list
    /// beside its detail previews it; an action on "the highlighted item"
    /// uses this, so a hidden item cannot be acted on. The default does nothing.
    func didHighlight(index: Int?)
}

extension ListScreenRows {
    /// Does nothing: most lists act only on a choice.
    public func didHighlight(index: Int?) {}

    /// Nil: the index stands for the item.
    public func itemID(at index: Int) -> AnyHashable? { nil }

    /// The row's title (what the filter matches).
    public func title(at index: Int) -> String { row(at: index).title }

    /// Searches the titles one by one; `candidates` (the previous matches) narrows the search.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        RowSearch.indices(matching: query, among: candidates, count: rowCount) { title(at: $0) }
    }
}
