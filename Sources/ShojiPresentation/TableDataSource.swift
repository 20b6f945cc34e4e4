/// One column of a table (the widgets' `TableWidget` draws it).
public struct TableColumn: Hashable, Sendable {
    /// Where the text sits in the column.
    public enum Alignment: Hashable, Sendable { case leading, trailing }

    /// How wide the column is.
    public enum Width: Hashable, Sendable {
        /// Exactly this many columns.
        case fixed(Int)
        /// What the fixed columns leave, shared among the flexible ones,
        /// never less than `minimum`.
        case flexible(minimum: Int)
    }

    /// The header's text.
    public var title: String
    /// How wide the column is.
    public var width: Width
    /// Where the text sits in the column.
    public var alignment: Alignment
    /// Whether the table sorts its rows by this column (on its sort key or a
    /// click on the title), in the order the data source's
    /// `sortsBefore(_:_:byColumn:)` gives.
    public var sortable: Bool

    /// A column titled `title`; `sortable` lets the table sort by it.
    public init(_ title: String, width: Width, alignment: Alignment = .leading, sortable: Bool = false) {
        self.title = title
        self.width = width
        self.alignment = alignment
        self.sortable = sortable
    }
}

/// How a table row is drawn.
public enum TableRowEmphasis: Hashable, Sendable {
    case normal
    /// Bold (a directory, say).
    case strong
    /// Secondary colour (a hidden file, a broken link).
    case muted
}

/// Where a table gets its rows (a presenter adopts it; `TableWidget` draws it): asked only for the rows it draws,
/// so a table of 100,000 rows costs what a screenful does.
@MainActor
public protocol TableDataSource {
    /// How many rows there are.
    var rowCount: Int { get }
    /// The texts of the row at `index`, one per column (missing ones are blank).
    func cells(at index: Int) -> [String]
    /// The text the filter matches; the default is the first cell.
    func filterText(at index: Int) -> String
    /// How the row is drawn; the default is `.normal`.
    func emphasis(at index: Int) -> TableRowEmphasis
    /// The indices among `candidates` (every row when nil) whose filter text
    /// matches `query`; the default asks `filterText(at:)` row by row.
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int]
    /// Whether the row at `a` comes before the row at `b` when the table is
    /// sorted by `column`, ascending (the table reverses it for descending).
    /// Only asked for sortable columns. The default compares the two cells'
    /// texts: as numbers when both are numbers, else ignoring case.
    func sortsBefore(_ a: Int, _ b: Int, byColumn column: Int) -> Bool
    /// What the row at `index` shows (a task's id, a file's name), so the
    /// table keeps the selection on the same item when the rows change
    /// (`reloadData`) or move; nil (the default) keeps the same index.
    func itemID(at index: Int) -> AnyHashable?
}

extension TableDataSource {
    /// The first cell.
    public func filterText(at index: Int) -> String { cells(at: index).first ?? "" }
    /// `.normal`.
    public func emphasis(at index: Int) -> TableRowEmphasis { .normal }
    /// The two cells' texts: as numbers when both are, else ignoring case
    /// (then exactly, so the order is total).
    public func sortsBefore(_ a: Int, _ b: Int, byColumn column: Int) -> Bool {
        let left = cells(at: a), right = cells(at: b)
        return TableCellOrder.precedes(column < left.count ? left[column] : "",
                                       column < right.count ? right[column] : "")
    }
    /// Nil: the index stands for the item.
    public func itemID(at index: Int) -> AnyHashable? { nil }
    /// Asks `filterText(at:)` row by row.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        RowSearch.indices(matching: query, among: candidates, count: rowCount) { filterText(at: $0) }
    }
}

/// The order `TableDataSource`'s default `sortsBefore(_:_:byColumn:)` uses
/// for two cell texts.
enum TableCellOrder {
    static func precedes(_ x: String, _ y: String) -> Bool {
        if let a = Double(x.filter { $0 != "," }), let b = Double(y.filter { $0 != "," }), a != b { return a < b }
        let (a, b) = (x.lowercased(), y.lowercased())
        return a != b ? a < b : x < y
    }
}
