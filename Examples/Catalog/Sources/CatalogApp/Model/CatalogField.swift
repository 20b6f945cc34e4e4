/// One labelled line of an item's detail, already formatted for display.
public struct CatalogField: Sendable, Equatable, Hashable {
    /// The label, e.g. "Launch price" or, for other JSON, the key itself.
    public let name: String
    /// The display text, e.g. "$999" or compact JSON for a nested value.
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
