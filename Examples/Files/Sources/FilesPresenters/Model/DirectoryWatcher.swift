#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// Tells a directory screen that its folder changed on disk, so its listing
/// follows the disk. The seam tests replace.
@MainActor
package protocol DirectoryWatching: AnyObject {
    /// Whether changes are reported as they happen (inotify); false: the
    /// screen reads its folder again whenever it comes back into focus.
    var isLive: Bool { get }
    /// Starts watching `path`; `changed` runs on the main actor after a
    /// burst of changes (coalesced), until the returned watch is cancelled.
    func watch(_ path: BytePath, changed: @escaping @MainActor () -> Void) -> DirectoryWatch?
}

/// A running watch; cancelling (or letting go of it) stops it.
@MainActor
package final class DirectoryWatch {
    private var stop: (() -> Void)?
    package init(stop: @escaping () -> Void) { self.stop = stop }
    package func cancel() {
        stop?()
        stop = nil
    }
    isolated deinit { cancel() }
}

/// The real watcher: inotify on Linux (one descriptor per watched folder,
/// read by a dispatch source on the main queue; a burst of events becomes
/// one report `coalescing` later); elsewhere nothing is live and screens
/// rescan on focus.
@MainActor
package final class DirectoryWatcher: DirectoryWatching {
    /// How long a burst of changes is gathered before one rescan: a build
    /// writing 1,000 files costs one read, not 1,000.
    package var coalescing: Duration = .milliseconds(150)

    package init() {}

    #if os(Linux)
    package var isLive: Bool { true }

    package func watch(_ path: BytePath, changed: @escaping @MainActor () -> Void) -> DirectoryWatch? {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return nil }
        let mask = UInt32(IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB | IN_CLOSE_WRITE
                          | IN_DELETE_SELF | IN_MOVE_SELF | IN_MODIFY)
        guard path.withCString({ inotify_add_watch(descriptor, $0, mask) }) >= 0 else {
            close(descriptor)
            return nil
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        let burst = Burst(delay: coalescing, changed: changed)
        source.setEventHandler {
            MainActor.assumeIsolated {
                // Drain what is there: the events' details are not needed,
                // the folder is read again.
                var buffer = [UInt8](repeating: 0, count: 4096)
                while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress!, $0.count) }) > 0 {}
                burst.note()
            }
        }
        source.setCancelHandler { close(descriptor) }
        source.resume()
        return DirectoryWatch {
            MainActor.assumeIsolated { burst.isCancelled = true }
            source.cancel()
        }
    }

    /// One report per burst of changes: the first change schedules it.
    @MainActor
    private final class Burst {
        let delay: Duration
        let changed: @MainActor () -> Void
        var isPending = false
        var isCancelled = false

        init(delay: Duration, changed: @escaping @MainActor () -> Void) {
            self.delay = delay
            self.changed = changed
        }

        func note() {
            guard !isPending, !isCancelled else { return }
            isPending = true
            let (seconds, attoseconds) = delay.components
            let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
            DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) {
                MainActor.assumeIsolated {
                    self.isPending = false
                    if !self.isCancelled { self.changed() }
                }
            }
        }
    }
    #else
    package var isLive: Bool { false }

    package func watch(_ path: BytePath, changed: @escaping @MainActor () -> Void) -> DirectoryWatch? { nil }
    #endif
}
