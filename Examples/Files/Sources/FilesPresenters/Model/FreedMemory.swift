import Foundation

/// Hands back to the system the pages malloc keeps after a large listing
/// is replaced or sorted. glibc keeps freed memory for later allocations
/// (the sort's keys, a read's batches, the previous listing), and kept
/// pages count in the process's PSS: at 100,000 entries about 2 MB, as
/// much as a third of the listing's own share. `malloc_trim` (glibc only,
/// looked up at run time: elsewhere this does nothing) releases every
/// free page.
package enum FreedMemory {
    /// Entries from which a listing's transients are worth a trim (about
    /// a millisecond): below, they fit in memory malloc reuses anyway.
    package static let threshold = 10_000

    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return nil }
        return unsafeBitCast(symbol, to: Trim.self)
    }()

    /// Whether this system's malloc has `malloc_trim`.
    package static var isAvailable: Bool { trim != nil }

    /// Releases the free pages of every malloc arena, where there is such a call.
    package static func release() { _ = trim?(0) }
}
