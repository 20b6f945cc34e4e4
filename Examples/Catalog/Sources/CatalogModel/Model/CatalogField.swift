/// One labelled line of an item's detail, already formatted for display.
package struct CatalogField: Sendable, Equatable, Hashable {
    /// The label, e.g. "Launch price" or, for other JSON, the key itself.
    package let name: String
    /// The display text, e.g. "$999" or compact JSON for a nested value.
    package let value: String

    package init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
