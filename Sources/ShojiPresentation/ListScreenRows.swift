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
    /// uses this, so a hidden item cannot be acted on. The default passes a
    /// row on to `didHighlight(index: Int)`, and so to a presenter written
    /// before 0.1.0; a presenter of its own does nothing.
    func didHighlight(index: Int?)
    /// Deprecated: the signature before 0.1.0, without the nil of "no row
    /// shows"; implement `didHighlight(index: Int?)` instead. A presenter
    /// that still implements this one is called with every highlighted row
    /// (never with nil), so its code keeps working; to be removed in 0.2.0
    /// at the earliest, with the default of `didHighlight(index: Int?)`, so
    /// that what remains of it stops compiling rather than goes uncalled.
    /// (Not marked `@available(*, deprecated)`: Swift says nothing about an
    /// implementation of a deprecated requirement, and the framework's call
    /// would warn; see CONTRIBUTING.md, "Changed requirements".)
    func didHighlight(index: Int)
}

/// Set while `didHighlight(index: Int?)`'s default calls the old signature,
/// so that the old one's default does not call back: a presenter with
/// neither gets nothing, not a loop.
@MainActor private var forwardingHighlight = false

extension ListScreenRows {
    /// Passes the highlighted row on to `didHighlight(index: Int)` (a
    /// presenter written before 0.1.0); nil, and a presenter with neither,
    /// do nothing: most lists act only on a choice.
    public func didHighlight(index: Int?) {
        guard let index, !forwardingHighlight else { return }
        forwardingHighlight = true
        defer { forwardingHighlight = false }
        didHighlight(index: index)
    }

    /// Passes the row on to `didHighlight(index: Int?)`: a call with an
    /// `Int` (a test's `presenter.didHighlight(index: 2)`) reaches the
    /// presenter's implementation of the new signature.
    public func didHighlight(index: Int) {
        guard !forwardingHighlight else { return }
        didHighlight(index: Optional(index))
    }

    /// Nil: the index stands for the item.
    public func itemID(at index: Int) -> AnyHashable? { nil }

    /// The row's title (what the filter matches).
    public func title(at index: Int) -> String { row(at: index).title }

    /// Searches the titles one by one; `candidates` (the previous matches) narrows the search.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        RowSearch.indices(matching: query, among: candidates, count: rowCount) { title(at: $0) }
    }
}
