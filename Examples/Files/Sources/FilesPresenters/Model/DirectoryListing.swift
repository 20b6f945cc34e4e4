import Foundation

/// What the preview pane shows for a directory: its names, directories
/// first, read up to a limit so that moving past a 100,000-entry directory
/// costs one short read, not a listing.
package struct DirectoryListing: Hashable, Sendable {
    /// The names shown (display-safe), directories marked with a trailing `/`.
    package var names: [String]
    /// Whether the directory has more entries than were read.
    package var isPartial: Bool

    /// Names read before stopping.
    package static let limit = 500

    /// Reads at most `limit` entries of `path` (stopping there: `readdir`
    /// is not asked for the rest) and sorts them as the listing does.
    package static func read(_ path: BytePath, limit: Int = DirectoryListing.limit) throws(FileError) -> DirectoryListing {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw FileError(errno: errno, path: path.description)
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var entries: [DirectoryEntry] = []
        var isPartial = false
        while let raw = readdir(directory) {
            let entry = withUnsafeBytes(of: &raw.pointee.d_name) { buffer -> DirectoryEntry? in
                let name = Array(buffer.prefix { $0 != 0 })
                if name == [0x2E] || name == [0x2E, 0x2E] { return nil }
                return DirectoryReader.entry(named: name, cName: buffer.baseAddress!.assumingMemoryBound(to: CChar.self),
                                             in: descriptor)
            }
            guard let entry else { continue }
            if entries.count == limit {
                isPartial = true
                break
            }
            entries.append(entry)
        }
        let visible = entries.indices.filter { !entries[$0].isHidden }
        let order = DirectoryPresenter.sorted(visible, of: entries, by: .name, ascending: true)
        return DirectoryListing(names: order.map { entries[$0].displayName + (entries[$0].opensAsDirectory ? "/" : "") },
                                isPartial: isPartial)
    }
}
