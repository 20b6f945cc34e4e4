import Foundation

/// The iPhone catalogue bundled with the app (Resources/iphones.json).
package struct EmbeddedCatalogService: CatalogService {
    package static let sourceName = "embedded iPhone catalogue"

    package init() {}

    package var sourceDescription: String { Self.sourceName }

    package func load() async throws -> Catalog {
        guard let url = Bundle.module.url(forResource: "iphones", withExtension: "json") else {
            throw CatalogError.unreadable(source: Self.sourceName, reason: "the resource iphones.json is missing from the app bundle")
        }
        let data = try CatalogFileReader.contents(ofPath: url.path)
        return try CatalogDecoder.decode(data, source: Self.sourceName)
    }
}
