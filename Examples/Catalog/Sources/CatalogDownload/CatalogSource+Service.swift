import CatalogModel

extension CatalogSource {
    /// The service that loads this source; `timeout` bounds a download.
    ///
    /// Here rather than beside `CatalogSource` because only this target
    /// knows the http(s) service (CatalogModel stays free of the network).
    package func makeService(timeout: Double = URLCatalogService.defaultTimeout) -> any CatalogService {
        switch self {
        case .embedded: EmbeddedCatalogService()
        case .file(let path): FileCatalogService(path: path)
        case .url(let url): URLCatalogService(url: url, timeout: timeout)
        case .generated(let count): GeneratedCatalogService(count: count)
        }
    }
}
