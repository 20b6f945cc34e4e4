/// One row of a list as the data source describes it.
public struct ListRow: Hashable, Sendable {
    /// The row's text (what the filter matches).
    public var title: String
    /// Shown right-aligned in its own column (a year, a count) when there is room.
    public var secondary: String?

    /// A row; `secondary` is drawn right-aligned.
    public init(title: String, secondary: String? = nil) {
        self.title = title
        self.secondary = secondary
    }
}
