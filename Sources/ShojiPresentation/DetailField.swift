/// One "key: value" row of a detail screen.
public struct DetailField: Hashable, Sendable {
    /// The label, left.
    public var key: String
    /// The value, right; wrapped below itself.
    public var value: String
    /// A `key: value` row.
    public init(_ key: String, _ value: String) {
        self.key = key
        self.value = value
    }
}
