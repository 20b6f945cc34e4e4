import Foundation
import NIOConcurrencyHelpers

/// When each phase of a start was reached, for measuring where the start
/// goes (Benchmarks/README.md, "Start-up"): with `CATALOG_STARTUP_TRACE`
/// naming a file, `write()` appends one line per phase, the phase's name and
/// `CLOCK_MONOTONIC` in nanoseconds, which the driver that spawned the
/// process compares with its own clock at the spawn. Without the variable,
/// `mark` is one check of a constant.
package enum StartupTrace {
    /// The file to append to, read once.
    private static let path: String? = ProcessInfo.processInfo.environment["CATALOG_STARTUP_TRACE"]
    private static let marks = NIOLockedValueBox<[(phase: String, nanoseconds: UInt64)]>([])

    /// Records that `phase` is reached now.
    package static func mark(_ phase: String) {
        guard path != nil else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let nanoseconds = UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
        marks.withLockedValue { $0.append((phase, nanoseconds)) }
    }

    /// Appends the phases recorded so far to the file, and forgets them.
    package static func write() {
        guard let path else { return }
        let lines = marks.withLockedValue { marks in
            defer { marks.removeAll() }
            return marks.map { "\($0.phase.replacingOccurrences(of: " ", with: "-")) \($0.nanoseconds)\n" }.joined()
        }
        guard let handle = FileHandle(forWritingAtPath: path) ?? {
            _ = FileManager.default.createFile(atPath: path, contents: nil)
            return FileHandle(forWritingAtPath: path)
        }() else { return }
        handle.seekToEndOfFile()
        handle.write(Data(lines.utf8))
        try? handle.close()
    }
}
