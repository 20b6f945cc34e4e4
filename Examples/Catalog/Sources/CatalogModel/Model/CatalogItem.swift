/// One entry of a catalogue as the screens need it: a stable id for route
/// paths and favourites, a title for lists, and display-ready detail fields.
package struct CatalogItem: Sendable, Equatable, Hashable, Identifiable {
    /// The `id` field, else the slug of the title; unique within its catalogue.
    package let id: String
    package let title: String
    /// The year of `announced` when the item has one.
    package let year: Int?
    package let fields: [CatalogField]

    package init(id: String, title: String, year: Int?, fields: [CatalogField]) {
        self.id = id
        self.title = title
        self.year = year
        self.fields = fields
    }
}
