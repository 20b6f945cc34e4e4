/// Something that can produce a catalogue: the embedded file, a file path, a
/// URL or the generator. Coordinators depend on this protocol so tests can
/// hand them a fake.
package protocol CatalogService: Sendable {
    /// Where the catalogue comes from, for the Home screen and error alerts.
    var sourceDescription: String { get }

    /// Loads the catalogue. Every error thrown is a `CatalogError`.
    func load() async throws -> Catalog
}
