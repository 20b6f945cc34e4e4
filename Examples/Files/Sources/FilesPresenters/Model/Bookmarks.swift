#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The user's bookmarked folders: `$XDG_CONFIG_HOME/files/bookmarks` (else
/// `~/.config/files/bookmarks`), one absolute path per line, in the order
/// added, so the file can be edited by hand. A path with a newline in it
/// cannot be written there and is refused.
package struct Bookmarks: Sendable {
    package let file: String

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.config"
        file = base + "/files/bookmarks"
    }

    package init(file: String) { self.file = file }

    /// The bookmarks, oldest first; none when the file is missing. Lines
    /// that are not absolute paths are skipped.
    package func load() -> [BytePath] {
        guard let data = FileManager.default.contents(atPath: file), data.count < 1 << 20 else { return [] }
        return Array(data).split(separator: 0x0A).compactMap { line in
            line.first == 0x2F ? BytePath(bytes: Array(line)) : nil
        }
    }

    /// Adds `path` (once) and writes the file through a rename.
    package func add(_ path: BytePath) throws(BookmarkError) {
        guard !path.bytes.contains(0x0A) else { throw .newlineInPath }
        var all = load()
        guard !all.contains(path) else { return }
        all.append(path)
        try write(all)
    }

    /// Removes `path` and writes the file.
    package func remove(_ path: BytePath) throws(BookmarkError) {
        try write(load().filter { $0 != path })
    }

    private func write(_ all: [BytePath]) throws(BookmarkError) {
        let folder = String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)])
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw .cannotWrite(file)
        }
        var bytes: [UInt8] = []
        for path in all { bytes += path.bytes + [0x0A] }
        let temporary = file + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)), rename(temporary, file) == 0 else {
            throw .cannotWrite(file)
        }
    }
}

/// Why a bookmark could not be kept.
package enum BookmarkError: Error, Hashable, CustomStringConvertible {
    case newlineInPath
    case cannotWrite(String)

    package var description: String {
        switch self {
        case .newlineInPath: "A folder whose path holds a newline cannot be bookmarked (the file has one per line)."
        case .cannotWrite(let file): "Cannot write \(file)."
        }
    }
}
