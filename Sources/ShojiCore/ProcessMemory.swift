#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Memory a running process can hand back to the system: the free pages
/// malloc keeps, and the pages of the program's own code that only its
/// start used.
///
/// A Swift app's release binary carries the standard library, the runtime
/// and FoundationEssentials (tens of megabytes of code). The kernel maps a
/// file's pages 64 KiB at a time around each one touched ("fault-around"),
/// so the start (argument parsing, the runtime's first lookups, the
/// loader's relocation table) leaves about 8 MiB of the binary mapped,
/// counted in the process's PSS, of which a running loop uses a part.
/// ``releaseStartupCode()`` unmaps them: the pages stay in the page cache
/// (the file's, shared), and the process maps again only those it touches
/// afterwards, each at the cost of a minor fault. `ShojiApp` calls
/// ``release()`` once the first frame is on the terminal, and
/// ``releaseStartupCode()`` again five seconds later (what ran once in the
/// first seconds); an app calls ``release()`` again after work that
/// touched much code or freed much memory once (a large listing read and
/// sorted).
///
/// Linux only (it reads `/proc/self/smaps`, and `malloc_trim` is glibc's);
/// elsewhere every call does nothing.
public enum ProcessMemory {
    /// Both releases: ``releaseFreedHeap()`` and ``releaseStartupCode()``.
    public static func release() {
        releaseFreedHeap()
        releaseStartupCode()
    }

    /// Hands back the free pages of every malloc arena (glibc's
    /// `malloc_trim`, looked up at run time: elsewhere this does nothing).
    /// glibc keeps freed memory for later allocations, and kept pages count
    /// in the process's PSS. Costs about a millisecond after a large free.
    public static func releaseFreedHeap() { _ = trim?(0) }

    /// Whether this system's malloc has `malloc_trim`.
    public static var releasesFreedHeap: Bool { trim != nil }

    /// Unmaps the resident pages of the program's executable that were
    /// never written (its code, read-only data and relocation table), and
    /// returns how many bytes of mappings it advised. A mapping that holds
    /// a written page (the relocated data a loader made read-only after,
    /// say) is left alone: unmapping would lose what was written.
    @discardableResult
    public static func releaseStartupCode() -> Int {
        #if os(Linux)
        guard let smaps = readFile("/proc/self/smaps"), let executable = executablePath() else { return 0 }
        var released = 0
        for range in unwrittenRanges(smaps: smaps, executable: executable) {
            guard let start = UnsafeMutableRawPointer(bitPattern: range.lowerBound) else { continue }
            if madvise(start, range.upperBound - range.lowerBound, MADV_DONTNEED) == 0 {
                released += range.upperBound - range.lowerBound
            }
        }
        return released
        #else
        return 0
        #endif
    }

    /// The address ranges, in `smaps` (the text of `/proc/PID/smaps`), of
    /// the mappings of `executable` that are not writable and hold no
    /// anonymous (written) page: what ``releaseStartupCode()`` unmaps.
    public static func unwrittenRanges(smaps: String, executable: String) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var candidate: Range<Int>?
        for line in smaps.split(separator: "\n", omittingEmptySubsequences: true) {
            if let header = mappingHeader(line) {
                candidate = header.path == executable && !header.permissions.contains("w") ? header.range : nil
            } else if let range = candidate, line.hasPrefix("Anonymous:") {
                let kib = line.dropFirst("Anonymous:".count).split(separator: " ").first.flatMap { Int($0) }
                if kib == 0 { ranges.append(range) }
                candidate = nil
            }
        }
        return ranges
    }

    /// A mapping's first line, `start-end perms offset dev inode path`; nil
    /// for a field line (`Rss:    12 kB`).
    private static func mappingHeader(_ line: Substring) -> (range: Range<Int>, permissions: Substring, path: Substring)? {
        let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, !fields[0].hasSuffix(":") else { return nil }
        let bounds = fields[0].split(separator: "-")
        guard bounds.count == 2, let start = Int(bounds[0], radix: 16), let end = Int(bounds[1], radix: 16),
              start < end else { return nil }
        let path = fields.count == 6 ? Substring(fields[5].drop { $0 == " " }) : ""
        return (start..<end, fields[1], path)
    }

    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    #if os(Linux)
    /// The process's executable as `/proc/self/maps` names it.
    private static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The whole of a file of `/proc` (whose size `stat` does not know).
    private static func readFile(_ path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let got = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if got == 0 { break }
            bytes.append(contentsOf: chunk[..<got])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
    #endif
}
