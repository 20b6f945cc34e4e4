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

    /// A column titled `title`.
    public init(_ title: String, width: Width, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
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
}

extension TableDataSource {
    /// The first cell.
    public func filterText(at index: Int) -> String { cells(at: index).first ?? "" }
    /// `.normal`.
    public func emphasis(at index: Int) -> TableRowEmphasis { .normal }
    /// Asks `filterText(at:)` row by row.
    public func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        var found: [Int] = []
        if let candidates {
            for index in candidates where query.matches(filterText(at: index)) { found.append(index) }
        } else {
            for index in 0..<rowCount where query.matches(filterText(at: index)) { found.append(index) }
        }
        return found
    }
}
