import Dispatch

extension PostgresCatalogStorage {
    /// Runs `work` (synchronous calls on this store) on the store's own
    /// serial queue and resumes the caller with its result.
    ///
    /// Each call waits for PostgreSQL's answer (up to `answerTimeout`) and
    /// pauses between attempts to reconnect; from async code that wait would
    /// hold one of Swift's cooperative threads, of which there are only as
    /// many as cores. On the queue it holds a thread of its own instead, and
    /// the caller's task is suspended, holding none.
    package func perform<T: Sendable>(_ work: @escaping @Sendable (PostgresCatalogStorage) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            calls.async { continuation.resume(with: Result { try work(self) }) }
        }
    }
}
