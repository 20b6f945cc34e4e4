#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What the preview pane shows for a directory: its names, directories
/// first, read up to a limit so that moving past a 100,000-entry directory
/// costs one short read, not a listing.
package struct DirectoryListing: Hashable, Sendable {
    /// The names shown (display-safe), directories marked with a trailing `/`.
    package var names: [String]
    /// Whether the directory has more entries than were read.
    package var isPartial: Bool
    /// How many entries were read, hidden ones included (the names leave
    /// those out).
    package var read: Int

    /// Names read before stopping.
    package static let limit = 500

    /// Reads at most `limit` entries of `path` (one more tells that there are
    /// more; `readdir` is not asked for the rest) and sorts them as the
    /// listing does.
    package static func read(_ path: BytePath, limit: Int = DirectoryListing.limit) throws(FileError) -> DirectoryListing {
        var entries = EntryTable()
        try DirectoryReader().read(path, batchSize: limit + 1, continuing: { batch in
            entries = batch
            return false
        })
        let isPartial = entries.count > limit
        entries.truncate(to: limit)
        let visible = entries.indices.filter { !entries.isHidden(at: $0) }.map(UInt32.init)
        let order = entries.sorted(visible, by: .name, ascending: true).map(Int.init)
        return DirectoryListing(names: order.map { entries.displayName(at: $0) + (entries.opensAsDirectory(at: $0) ? "/" : "") },
                                isPartial: isPartial, read: entries.count)
    }
}
