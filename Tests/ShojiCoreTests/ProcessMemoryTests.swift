import Foundation
import ShojiCore
import Testing

/// `ProcessMemory.releaseStartupCode()` unmaps only what the file holds
/// unchanged: a page of the binary that was written (the relocated data a
/// loader made read-only after, the globals) would be lost if unmapped,
/// and a library's pages are not the program's to drop.
struct ProcessMemoryTests {
    /// `/proc/PID/smaps` of a static PIE as gold lays it out: code, the
    /// relocated read-only data (RELRO), the writable data, the .bss, libc.
    private static let smaps = """
        5646a000-5656a000 r-xp 00000000 fe:00 1622 /opt/app/bin/my app
        Size:              16384 kB
        Rss:                8512 kB
        Anonymous:             0 kB
        5656b000-5656c000 r--p 00dd8000 fe:00 1622 /opt/app/bin/my app
        Rss:                 360 kB
        Anonymous:           360 kB
        5656c000-5656d000 rw-p 00e32000 fe:00 1622 /opt/app/bin/my app
        Rss:                1160 kB
        Anonymous:             0 kB
        5656d000-5656e000 rw-p 00000000 00:00 0
        Anonymous:           220 kB
        7f000000-7f001000 r--p 00000000 fe:00 99 /usr/lib/x86_64-linux-gnu/libc.so.6
        Anonymous:             0 kB
        7f001000-7f002000 r-xp 00001000 fe:00 98 /opt/app/bin/my app-helper
        Anonymous:             0 kB
        7f003000-7f004000 r--p 00003000 fe:00 1622 /opt/app/bin/my app
        Rss:                   4 kB
        Anonymous:             0 kB
        """

    @Test func onlyTheBinarysUnwrittenReadOnlyMappingsAreReleased() {
        let ranges = ProcessMemory.unwrittenRanges(smaps: Self.smaps, executable: "/opt/app/bin/my app")
        #expect(ranges == [0x5646a000..<0x5656a000, 0x7f003000..<0x7f004000])
    }

    @Test func anotherProgramsSmapsReleaseNothing() {
        #expect(ProcessMemory.unwrittenRanges(smaps: Self.smaps, executable: "/usr/bin/other").isEmpty)
        #expect(ProcessMemory.unwrittenRanges(smaps: "", executable: "/opt/app/bin/my app").isEmpty)
    }

    #if os(Linux)
    /// On the test process itself: its code is released, and runs on
    /// (every page is mapped again from the file as it is touched).
    @Test func theTestProcessReleasesItsCodeAndRunsOn() throws {
        // Read to the end: `String(contentsOfFile:)` reads a file the kernel
        // sizes as 0 with one read, which stops at a page of smaps (under
        // ThreadSanitizer the binary's mappings come after the first page).
        let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: "/proc/self/smaps"))
        defer { try? file.close() }
        let smaps = String(decoding: try file.readToEnd() ?? Data(), as: UTF8.self)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let ranges = ProcessMemory.unwrittenRanges(smaps: smaps, executable: executable)
        #expect(!ranges.isEmpty, "the test binary's code is a read-only mapping of the file")
        let released = ProcessMemory.releaseStartupCode()
        #expect(released == ranges.reduce(0) { $0 + $1.count })
        #expect(ProcessMemory.releasesFreedHeap, "glibc has malloc_trim")
        ProcessMemory.release()
    }
    #endif
}
