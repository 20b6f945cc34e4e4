/// Feeds a `ListWidget` from a presenter's rows, so the widget never holds a
/// copy of the model, and tells the presenter what the user does with them:
/// every change of the highlighted row (`ListScreenRows.didHighlight(index:)`)
/// and each choice (`ListScreenRows.didChoose(index:)`). A list fed by it
/// reports to its presenter wherever it is placed (alone, or as a pane of a
/// `LayoutWidget`), with nothing else to wire.
///
/// It holds the presenter strongly: the view owns the presenter and the
/// presenter holds the view weakly, so there is no cycle, and the filter
/// reads a million titles per keystroke (a weak load each would show).
@MainActor
public struct PresenterListDataSource: ListDataSource {
    /// The presenter the rows come from.
    public let rows: any ListScreenRows

    /// How the view styles the title of the row at an index, if it does:
    /// the presenter says what a row is (`ListScreenRows.row(at:)`), the
    /// view what it looks like. Nil draws the titles plain.
    private let styledTitle: (@MainActor (Int) -> [TextRun]?)?

    /// Feeds a list from `rows`.
    public init(rows: any ListScreenRows) {
        self.rows = rows
        styledTitle = nil
    }

    /// Feeds a list from `rows`, each title drawn as the runs `styledTitle`
    /// makes for its index (their texts, one after the other, being the
    /// title), or plain where it gives nil:
    ///
    ///     PresenterListDataSource(rows: presenter) { index in
    ///         let commit = presenter.commit(at: index)
    ///         return [TextRun(commit.hash, Style(foreground: .yellow)), TextRun(" " + commit.subject)]
    ///     }
    public init(rows: any ListScreenRows, styledTitle: @escaping @MainActor (Int) -> [TextRun]?) {
        self.rows = rows
        self.styledTitle = styledTitle
    }

    /// The number of rows.
    public var count: Int { rows.rowCount }
    /// The row at `index`, asked of the presenter.
    public func row(at index: Int) -> ListRow { rows.row(at: index) }
    /// The identity of the row at `index`, asked of the presenter.
    public func itemID(at index: Int) -> AnyHashable? { rows.itemID(at: index) }
    /// The title at `index`, asked of the presenter.
    public func title(at index: Int) -> String { rows.title(at: index) }
    /// The presenter's search (its own, or the default title-by-title one).
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        rows.indices(matching: query, among: candidates)
    }
    /// The runs `styledTitle` makes for the row at `index`, if any.
    public func titleRuns(at index: Int) -> [TextRun]? { styledTitle?(index) }
    /// Tells the presenter which row is highlighted now (nil: none shows).
    public func didHighlight(index: Int?) { rows.didHighlight(index: index) }
    /// Tells the presenter the user chose the row at `index`.
    public func didChoose(index: Int) { rows.didChoose(index: index) }
}
