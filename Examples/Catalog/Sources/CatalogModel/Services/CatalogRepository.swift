/// Loads the catalogue once for every screen that shows it, off the main
/// thread, and hands the result back on the main actor. A failed load is not
/// kept, so Retry loads again.
@MainActor
package final class CatalogRepository {
    package private(set) var catalog: Catalog?
    private let service: any CatalogService
    private var inFlight: Task<Result<Catalog, CatalogError>, Never>?

    package init(service: any CatalogService) {
        self.service = service
    }

    /// Takes a catalogue loaded elsewhere, as if `load()` had returned it.
    package func adopt(_ loaded: Catalog) { catalog = loaded }

    /// The loaded catalogue, loading it first if needed. Concurrent callers
    /// share one load, and whichever resumes first stores the result, so no
    /// caller can see the load finished but `catalog` still empty.
    package func load() async -> Result<Catalog, CatalogError> {
        if let catalog { return .success(catalog) }
        let task = inFlight ?? startLoad()
        inFlight = task
        let result = await task.value
        inFlight = nil
        if case .success(let loaded) = result { catalog = loaded }
        return result
    }

    private func startLoad() -> Task<Result<Catalog, CatalogError>, Never> {
        let service = self.service
        return Task.detached {
            do {
                return .success(try await service.load())
            } catch let error as CatalogError {
                return .failure(error)
            } catch {
                return .failure(.unreadable(source: service.sourceDescription, reason: "\(error)"))
            }
        }
    }
}
