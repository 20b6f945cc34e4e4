#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch

/// Where long work reports how far it has come, from any thread: the work
/// calls `report(_:)` as often as it likes (each entry read, each chunk
/// received) and `deliver` runs on the main actor with the newest progress.
///
/// Reports are coalesced: while one delivery waits for the main actor,
/// newer reports replace its progress instead of queuing more, so a tight
/// loop on a worker thread costs the screen one update per turn of the
/// main loop, never a backlog, and the last report is always the one shown.
///
///     let reporter = ProgressReporter { [weak view] in view?.showProgress($0) }
///     DispatchQueue.global().async {
///         for (index, entry) in entries.enumerated() {
///             reporter.report(WorkProgress("Reading entries", completed: index + 1, total: entries.count))
///         }
///     }
public final class ProgressReporter: Sendable {
    private let deliver: @MainActor @Sendable (WorkProgress) -> Void
    /// A pthread mutex rather than `NSLock` (Foundation proper, not
    /// FoundationEssentials) or `Mutex` (macOS 15).
    nonisolated(unsafe) private let state: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    /// The newest progress not yet delivered, guarded by `state`.
    nonisolated(unsafe) private var pending: WorkProgress?
    /// Whether a delivery is on its way to the main actor, guarded by `state`.
    nonisolated(unsafe) private var scheduled = false

    /// A reporter that hands each progress to `deliver` on the main actor.
    public init(deliver: @escaping @MainActor @Sendable (WorkProgress) -> Void) {
        self.deliver = deliver
    }

    deinit {
        pthread_mutex_destroy(state)
        state.deallocate()
    }

    /// Reports `progress`; callable from any thread, it never blocks on
    /// the main actor.
    public func report(_ progress: WorkProgress) {
        pthread_mutex_lock(state)
        pending = progress
        let schedule = !scheduled
        scheduled = true
        pthread_mutex_unlock(state)
        guard schedule else { return }
        DispatchQueue.main.async { MainActor.assumeIsolated { self.deliverPending() } }
    }

    @MainActor
    private func deliverPending() {
        pthread_mutex_lock(state)
        let progress = pending
        pending = nil
        scheduled = false
        pthread_mutex_unlock(state)
        if let progress { deliver(progress) }
    }
}
