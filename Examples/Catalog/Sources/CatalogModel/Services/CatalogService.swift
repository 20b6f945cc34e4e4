import ShojiCore
/// Something that can produce a catalogue: the embedded file, a file path, a
/// URL or the generator. Coordinators depend on this protocol so tests can
/// hand them a fake.
package protocol CatalogService: Sendable {
    /// Where the catalogue comes from, for the Home screen and error alerts.
    var sourceDescription: String { get }

    /// Loads the catalogue. Every error thrown is a `CatalogError`.
    func load() async throws -> Catalog

    /// Loads the catalogue, telling `progress` how far it has come as it
    /// goes (a download's bytes); the default tells nothing (a file or the
    /// embedded catalogue loads too fast to watch).
    func load(progress: @escaping @Sendable (WorkCount) -> Void) async throws -> Catalog
}

extension CatalogService {
    package func load(progress: @escaping @Sendable (WorkCount) -> Void) async throws -> Catalog {
        try await load()
    }
}
