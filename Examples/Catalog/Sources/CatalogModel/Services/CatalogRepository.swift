import ShojiCore

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
    package func load(progress: (@MainActor (WorkCount) -> Void)? = nil) async -> Result<Catalog, CatalogError> {
        if let catalog { return .success(catalog) }
        if let progress { watchers.append(progress) }
        let task = inFlight ?? startLoad()
        inFlight = task
        let result = await task.value
        inFlight = nil
        watchers.removeAll()
        if case .success(let loaded) = result { catalog = loaded }
        return result
    }

    /// Who hears how far the load in flight has come (the list's presenter).
    private var watchers: [@MainActor (WorkCount) -> Void] = []
    /// The furthest count told: the count shown never goes backwards.
    private var told = -1

    private func tell(_ update: WorkCount) {
        guard update.completed > told || update.completed == 0 else { return }
        told = update.completed
        for watcher in watchers { watcher(update) }
    }

    /// The load, off the main actor, and its progress told on it in order:
    /// every update before the result, the last one included. (Each update
    /// used to be a task of its own on the main actor, which could run after
    /// the result had come in and the watchers had gone: on a busy machine
    /// a download's last count was never shown.) An update the main actor
    /// is too busy to show is dropped for a newer one.
    private func startLoad() -> Task<Result<Catalog, CatalogError>, Never> {
        let service = self.service
        told = -1
        let (updates, continuation) = AsyncStream.makeStream(of: WorkCount.self, bufferingPolicy: .bufferingNewest(1))
        let loading = Task.detached { () -> Result<Catalog, CatalogError> in
            defer { continuation.finish() }
            do {
                return .success(try await service.load { continuation.yield($0) })
            } catch let error as CatalogError {
                return .failure(error)
            } catch {
                return .failure(.unreadable(source: service.sourceDescription, reason: "\(error)"))
            }
        }
        return Task { [weak self] in
            for await update in updates { self?.tell(update) }
            return await loading.value
        }
    }
}
