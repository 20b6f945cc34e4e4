/// N synthetic items made in memory (`--generate N`), for measuring.
public struct GeneratedCatalogService: CatalogService {
    public let count: Int

    public init(count: Int) {
        self.count = count
    }

    public var sourceDescription: String { Catalog.generated(count: count).source }

    public func load() async throws -> Catalog {
        Catalog.generated(count: count)
    }
}
