#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// A mutex for the little state a run's thread shares with the task that
/// reads it. (Synchronization's `Mutex` needs macOS 15; `NSLock` would link
/// all of Foundation.)
final class ToolLock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` holding the lock.
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
