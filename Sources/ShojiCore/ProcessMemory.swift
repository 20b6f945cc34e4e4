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
/// loader's relocation table) leaves megabytes of the binary mapped,
/// counted in the process's PSS, of which a running loop uses a part
/// (Benchmarks/HISTORY.md, "A process's fixed memory").
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
        releaseStartupCode()
        releaseFreedHeap()  // after: what reading smaps allocated goes back too
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
        for range in unwrittenRanges(smaps: smaps, executable: Array(executable.utf8)) {
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
        unwrittenRanges(smaps: Array(smaps.utf8), executable: Array(executable.utf8))
    }

    /// The same, read as bytes: a running app's smaps is a few hundred
    /// kilobytes, and splitting it into lines and fields of Characters
    /// costs the main queue far more, just after the first frame, where the
    /// catalog's second frame (its item count) waits for it
    /// (Benchmarks/HISTORY.md, "Phase by phase").
    private static func unwrittenRanges(smaps: [UInt8], executable: [UInt8]) -> [Range<Int>] {
        let anonymous = Array("Anonymous:".utf8)
        var ranges: [Range<Int>] = []
        var candidate: Range<Int>?
        var rest = smaps[...]
        while !rest.isEmpty {  // line by line, without an array of every line
            let end = rest.firstIndex(of: UInt8(ascii: "\n")) ?? rest.endIndex
            let line = rest[..<end]
            rest = rest[min(end + 1, rest.endIndex)...]
            if let header = mappingHeader(line) {
                let writable = header.permissions.contains(UInt8(ascii: "w"))
                candidate = header.path.elementsEqual(executable) && !writable ? header.range : nil
            } else if let range = candidate, line.starts(with: anonymous) {
                let kib = line.dropFirst(anonymous.count).split(separator: UInt8(ascii: " ")).first.flatMap { number($0, radix: 10) }
                if kib == 0 { ranges.append(range) }
                candidate = nil
            }
        }
        return ranges
    }

    /// A mapping's first line, `start-end perms offset dev inode path`; nil
    /// for a field line (`Rss:    12 kB`).
    private static func mappingHeader(_ line: ArraySlice<UInt8>)
        -> (range: Range<Int>, permissions: ArraySlice<UInt8>, path: ArraySlice<UInt8>)? {
        // A field's name begins with a capital (`Rss:`, `VmFlags:`), an
        // address with a digit or a lower-case hex letter: most lines are
        // fields, told apart here without splitting them.
        guard let first = line.first, !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(first) else { return nil }
        let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 5, omittingEmptySubsequences: true)
        guard fields.count >= 5, fields[0].last != UInt8(ascii: ":") else { return nil }
        let bounds = fields[0].split(separator: UInt8(ascii: "-"))
        guard bounds.count == 2, let start = number(bounds[0], radix: 16), let end = number(bounds[1], radix: 16),
              start < end else { return nil }
        let path = fields.count == 6 ? fields[5].drop { $0 == UInt8(ascii: " ") } : []
        return (start..<end, fields[1], path)
    }

    /// The number `digits` spell in `radix`, nil when they do not.
    private static func number(_ digits: ArraySlice<UInt8>, radix: Int) -> Int? {
        Int(String(decoding: digits, as: UTF8.self), radix: radix)
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
    private static func readFile(_ path: String) -> [UInt8]? {
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
        return bytes
    }
    #endif
}
