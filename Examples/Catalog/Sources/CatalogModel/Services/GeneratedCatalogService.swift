/// N synthetic items made in memory (`--generate N`), for measuring.
package struct GeneratedCatalogService: CatalogService {
    package let count: Int

    package init(count: Int) {
        self.count = count
    }

    package var sourceDescription: String { Catalog.generated(count: count).source }

    package func load() async throws -> Catalog {
        Catalog.generated(count: count)
    }
}
