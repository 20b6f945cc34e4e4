#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// What an entry is, from `lstat` (never followed) and, for a link, `stat`.
package indirect enum EntryKind: Hashable, Sendable {
    case directory, file, fifo, characterDevice, blockDevice, socket, other
    /// A symbolic link; `target` is what it points to, nil when the target
    /// is missing or the link loops.
    case symlink(target: EntryKind?)

    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFDIR: self = .directory
        case S_IFREG: self = .file
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symlink(target: nil)
        default: self = .other
        }
    }

    /// The kind after following links.
    package var resolved: EntryKind? {
        if case .symlink(let target) = self { return target }
        return self
    }

    package var isLink: Bool { if case .symlink = self { true } else { false } }
}

/// One entry of a directory: what a listing (an `EntryTable`, which keeps
/// no value of this type) hands out for the entry the user acts on.
package struct DirectoryEntry: Hashable, Sendable {
    /// The name's bytes exactly as the directory holds them.
    package var name: [UInt8]
    package var kind: EntryKind
    /// Bytes (the link's own for a link, lstat's).
    package var size: Int64
    /// Seconds since 1970 (lstat's mtime).
    package var modified: Int

    /// A link's target and the mode and owner are not kept: they are read
    /// when a row is drawn (see `DirectoryReader.details(of:)`).
    package init(name: [UInt8], kind: EntryKind, size: Int64 = 0, modified: Int = 0) {
        self.name = name
        self.kind = kind
        self.size = size
        self.modified = modified
    }

    /// The name as drawn.
    package var displayName: String { FileName.display(name) }

    /// A link whose target is missing (or loops): marked, never said to be gone.
    package var isDanglingLink: Bool { kind == .symlink(target: nil) }

    /// The name cell: the marked name, and for a link (`target` given)
    /// ` → target`, marked `[dangling]` when the target is missing.
    package func nameWithTarget(_ target: [UInt8]?) -> String {
        guard let target else { return markedName }
        return markedName + " → " + FileName.display(target) + (isDanglingLink ? " [dangling]" : "")
    }

    package var isHidden: Bool { name.first == 0x2E }
    /// A directory, or a link to one: Enter opens it as a screen.
    package var opensAsDirectory: Bool { kind.resolved == .directory }

    /// The name with its kind's mark: `/` directory, `@` link, `|` FIFO, `=` socket.
    package var markedName: String {
        switch kind {
        case .directory: displayName + "/"
        case .symlink: displayName + "@"
        case .fifo: displayName + "|"
        case .socket: displayName + "="
        default: displayName
        }
    }
}

/// Why a directory or file could not be read: shown as an alert, never a crash.
package enum FileError: Error, Hashable, Sendable, CustomStringConvertible {
    case permissionDenied(String)
    case notFound(String)
    case symlinkLoop(String)
    /// A symbolic link whose target does not exist.
    case danglingLink(String, target: String)
    case notADirectory(String)
    case notPreviewable(String, kind: String)
    case outsideRoot(String, root: String)
    case other(String, code: Int32)

    package init(errno code: Int32, path: String) {
        switch code {
        case EACCES, EPERM: self = .permissionDenied(path)
        case ENOENT: self = .notFound(path)
        case ELOOP: self = .symlinkLoop(path)
        case ENOTDIR: self = .notADirectory(path)
        default: self = .other(path, code: code)
        }
    }

    package var title: String {
        switch self {
        case .permissionDenied: "Permission denied"
        case .notFound: "Not found"
        case .symlinkLoop: "Symbolic link loop"
        case .danglingLink: "Dangling link"
        case .notADirectory: "Not a directory"
        case .notPreviewable: "Cannot preview"
        case .outsideRoot: "Outside the root"
        case .other: "Cannot read"
        }
    }

    package var description: String {
        switch self {
        case .permissionDenied(let path): "You may not read \(path)."
        case .notFound(let path): "\(path) no longer exists."
        case .symlinkLoop(let path): "\(path) is a link that leads back to itself."
        case .danglingLink(let path, let target): "\(path) is a link to \(target), which does not exist."
        case .notADirectory(let path): "\(path) is not a directory."
        case .notPreviewable(let path, let kind): "\(path) is a \(kind); it is never opened for reading."
        case .outsideRoot(let path, let root): "\(path) is not inside \(root)."
        case .other(let path, let code): "\(path): \(String(cString: strerror(code)))."
        }
    }
}
