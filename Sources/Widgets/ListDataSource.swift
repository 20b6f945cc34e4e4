/// One row of a list as the data source describes it.
public struct ListRow: Hashable, Sendable {
    public var title: String
    /// Shown right-aligned in its own column (a year, a count) when there is room.
    public var secondary: String?

    public init(title: String, secondary: String? = nil) {
        self.title = title
        self.secondary = secondary
    }
}

/// Where a `ListWidget` gets its rows. The list asks only for the rows it
/// draws, so a source can be backed by a million items or computed on demand.
@MainActor
public protocol ListDataSource {
    var count: Int { get }
    func row(at index: Int) -> ListRow
    /// The title alone, read by the filter for every row; implement it when a
    /// title is cheaper than a whole row.
    func title(at index: Int) -> String
}

extension ListDataSource {
    public func title(at index: Int) -> String { row(at: index).title }
}

/// Rows held in memory: the simple case, and handy in tests and previews.
public struct ArrayListDataSource: ListDataSource {
    public var rows: [ListRow]
    public init(_ rows: [ListRow]) { self.rows = rows }
    public init(titles: [String]) { rows = titles.map { ListRow(title: $0) } }
    public var count: Int { rows.count }
    public func row(at index: Int) -> ListRow { rows[index] }
}
