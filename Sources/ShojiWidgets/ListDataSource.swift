/// Where a `ListWidget` gets its rows. The list asks only for the rows it
/// draws, so a source can be backed by a million items or computed on demand.
///
/// A source that gives each row an identity (`itemID(at:)`) lets the list
/// keep the selected *item* selected, and on screen, when the rows are
/// reloaded in another order, with rows added or removed.
@MainActor
public protocol ListDataSource {
    /// How many rows there are.
    var count: Int { get }
    /// The row at `index`, asked for the rows drawn only.
    func row(at index: Int) -> ListRow
    /// What the row at `index` shows (a contact's id, a file's name), so the
    /// list follows the selected item across `reloadData()`; nil (the
    /// default) keeps the same index.
    func itemID(at index: Int) -> AnyHashable?
    /// The title alone, read by the filter for every row; implement it when a
    /// title is cheaper than a whole row.
    func title(at index: Int) -> String
    /// The indices among `candidates` (every row, 0..<count, when nil) whose
    /// title matches `query`, in the order given. The filter calls this once
    /// per keystroke with a million candidates: the default asks `title(at:)`
    /// for each; a source that holds or computes its titles implements it as
    /// one loop over its own storage, with no call through the protocol per row.
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int]
    /// The list's highlighted row is now the one at `index`, or none (nil),
    /// whatever moved it: the list tells its source before its own
    /// `ListWidget.onSelectionChange`, so a source that stands for a
    /// presenter (the kit's `PresenterListDataSource`) reports it wherever
    /// the list is placed. The default does nothing.
    func didHighlight(index: Int?)
    /// The user chose the row at `index` (Enter, Right, `l`, a double
    /// click): told before `ListWidget.onChoose`. The default does nothing.
    func didChoose(index: Int)
    /// The title of the row at `index` as styled runs (a commit's hash in
    /// one colour, its subject in another), asked for the rows drawn only;
    /// nil (the default) draws `row(at:)`'s title plain. The runs' texts,
    /// one after the other, are the title: the filter matches the title and
    /// marks its match inside the runs, and the selected row is drawn in
    /// the selection's style with each run's attributes (bold, underline),
    /// so the highlight reads as one bar.
    func titleRuns(at index: Int) -> [TextRun]?
}

extension ListDataSource {
    /// Nothing: a source of rows alone does not care what is highlighted.
    public func didHighlight(index: Int?) {}

    /// Nothing: the list's `onChoose` says what a choice means.
    public func didChoose(index: Int) {}

    /// Nil: the row's title, plain.
    public func titleRuns(at index: Int) -> [TextRun]? { nil }

    /// Nil: the index stands for the item.
    public func itemID(at index: Int) -> AnyHashable? { nil }

    /// The row's title (what the filter matches).
    public func title(at index: Int) -> String { row(at: index).title }

    /// The rows whose titles match `query`, searching only `candidates` (the previous matches) when given.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        titleSearch(matching: query, among: candidates)
    }

    /// The default search, row by row through `title(at:)`: what
    /// `indices(matching:among:)` does unless a source searches its own
    /// storage; also what a list presenter's default search uses.
    public func titleSearch(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        // Plain loops, not `filter { }`: a closure made on the main actor and
        // handed to the standard library is checked for its actor on every call.
        var found: [Int] = []
        if let candidates {
            for index in candidates where query.matches(title(at: index)) { found.append(index) }
        } else {
            for index in 0..<count where query.matches(title(at: index)) { found.append(index) }
        }
        return found
    }
}

/// Rows held in memory: the simple case, and handy in tests and previews.
public struct ArrayListDataSource: ListDataSource {
    /// The rows.
    public var rows: [ListRow]
    /// Each row's title as styled runs, when the source was made from runs
    /// (`init(styledTitles:)`); nil draws the titles plain.
    public var styledTitles: [[TextRun]]?
    /// A source over `rows`.
    public init(_ rows: [ListRow]) { self.rows = rows }
    /// A source of one row per title.
    public init(titles: [String]) { rows = titles.map { ListRow(title: $0) } }
    /// A source of one row per styled title: each row's title is its runs'
    /// texts, one after the other.
    public init(styledTitles: [[TextRun]]) {
        rows = styledTitles.map { runs in ListRow(title: runs.map(\.text).joined()) }
        self.styledTitles = styledTitles
    }
    /// The number of rows.
    public var count: Int { rows.count }
    /// The row at `index`.
    public func row(at index: Int) -> ListRow { rows[index] }
    /// The runs the row at `index` was made from, if any.
    public func titleRuns(at index: Int) -> [TextRun]? {
        guard let styledTitles, index < styledTitles.count else { return nil }
        return styledTitles[index]
    }

    /// The rows whose titles match `query`, searching only `candidates` (the previous matches) when given.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        var found: [Int] = []
        if let candidates {
            for index in candidates where query.matches(rows[index].title) { found.append(index) }
        } else {
            for (index, row) in rows.enumerated() where query.matches(row.title) { found.append(index) }
        }
        return found
    }
}
