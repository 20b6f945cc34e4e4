/// One entry of a catalogue as the screens need it: a stable id for route
/// paths and favourites, a title for lists, and display-ready detail fields.
public struct CatalogItem: Sendable, Equatable, Hashable, Identifiable {
    /// The `id` field, else the slug of the title; unique within its catalogue.
    public let id: String
    public let title: String
    /// The year of `announced` when the item has one.
    public let year: Int?
    public let fields: [CatalogField]

    public init(id: String, title: String, year: Int?, fields: [CatalogField]) {
        self.id = id
        self.title = title
        self.year = year
        self.fields = fields
    }
}
