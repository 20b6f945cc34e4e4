/// A catalogue in a JSON file on disk (`--catalog PATH`).
public struct FileCatalogService: CatalogService {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    public var sourceDescription: String { path }

    public func load() async throws -> Catalog {
        try CatalogDecoder.decode(CatalogFileReader.contents(ofPath: path), source: path)
    }
}
