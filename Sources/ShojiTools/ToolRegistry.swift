#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Every tool's process not yet reaped, so that the app's exit ends them:
/// a run still going when the app quits would otherwise outlive it (a
/// `git log` of a huge repository, a `sleep`), its output read by no one.
///
/// The first spawn installs an `atexit` handler: `exit` (a quit, the exit
/// status of a signal the launcher handled, an error at start) sends
/// SIGTERM to each run's process group, waits for them to end up to their
/// grace, then sends SIGKILL to those left. A process killed outright
/// (SIGKILL, a crash) runs no handler: its tools end when they next write
/// to their closed pipe.
final class ToolRegistry: @unchecked Sendable {
    static let shared: ToolRegistry = {
        let registry = ToolRegistry()
        atexit { ToolRegistry.shared.endAll() }
        return registry
    }()

    private let lock = ToolLock()
    /// Each process (its group's leader) and its grace.
    private var running: [pid_t: Duration] = [:]
    private var ending = false

    /// Calls `spawn` and records the process it started, atomically with
    /// respect to `endAll`: nil, without calling it, once the app is exiting.
    func spawning(grace: Duration, _ spawn: () -> pid_t?) -> pid_t?? {
        lock.withLock {
            guard !ending else { return .none }
            let pid = spawn()
            if let pid { running[pid] = grace }
            return .some(pid)
        }
    }

    /// Called between learning that `pid` exited and reaping it: once it is
    /// reaped its number may be another process's, which `endAll` must not
    /// signal.
    func reaping(_ pid: pid_t, _ reap: () -> Void) {
        lock.withLock {
            running[pid] = nil
            reap()
        }
    }

    /// Ends every process still running (see the type's comment).
    func endAll() {
        let grace = lock.withLock { () -> Duration in
            ending = true
            for pid in running.keys { kill(-pid, SIGTERM) }
            return running.values.max() ?? .zero
        }
        let clock = ContinuousClock()
        let end = clock.now + grace
        while clock.now < end, lock.withLock({ !running.isEmpty }) {
            usleep(2000)
        }
        lock.withLock {
            for pid in running.keys { kill(-pid, SIGKILL) }
        }
    }
}
