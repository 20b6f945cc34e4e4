#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Reads the small files of `/proc` with `open` and `read` into one buffer
/// kept across reads: a refresh reads a few files per process, and a
/// `String(contentsOfFile:)` each (a `Data`, a decode, a `String`) costs
/// several times the kernel's own work for them.
///
/// Not thread-safe: one reader per thread (the monitor's, on the main actor).
package final class ProcFileReader {
    /// The bytes of the last read; valid until the next.
    private var buffer: [UInt8]
    /// The most a read keeps: a longer file is cut there (a command line of
    /// megabytes, a `/proc/stat` of thousands of CPUs).
    package let limit: Int

    /// A reader keeping at most `limit` bytes of a file.
    package init(limit: Int = 256 * 1024) {
        self.limit = limit
        buffer = [UInt8](repeating: 0, count: 4096)
    }

    /// Calls `body` with the bytes of the file at `path` (at most `limit`,
    /// or `cap` when smaller); nil when it cannot be opened or read (the
    /// process ended meanwhile, the file is not readable).
    package func withBytes<T>(of path: String, cap: Int? = nil, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        let most = min(cap ?? limit, limit)
        var count = 0
        while count < most {
            if count == buffer.count { buffer.append(contentsOf: repeatElement(0, count: min(buffer.count, most - count))) }
            let got = buffer.withUnsafeMutableBytes { raw in
                read(descriptor, raw.baseAddress! + count, min(raw.count, most) - count)
            }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            count += got
        }
        return buffer.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }

    /// The file at `path` as text (invalid UTF-8 repaired), or nil.
    package func text(of path: String, cap: Int? = nil) -> String? {
        withBytes(of: path, cap: cap) { String(decoding: $0, as: UTF8.self) }
    }
}
