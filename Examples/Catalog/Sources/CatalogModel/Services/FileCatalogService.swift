/// A catalogue in a JSON file on disk (`--catalog PATH`).
package struct FileCatalogService: CatalogService {
    package let path: String

    package init(path: String) {
        self.path = path
    }

    package var sourceDescription: String { path }

    package func load() async throws -> Catalog {
        try CatalogDecoder.decode(CatalogFileReader.contents(ofPath: path), source: path)
    }
}
