#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Why an operation on files stopped: what it was doing, to which path, and
/// the system's reason. By then everything it had done is undone.
package struct OperationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// "copy", "move", "rename", "move to the trash".
    package var action: String
    package var path: String
    package var reason: String
    /// The system's error number, when the system gave the reason.
    package var code: Int32?

    package init(_ action: String, _ path: BytePath, reason: String, code: Int32? = nil) {
        self.action = action
        self.path = path.description
        self.reason = reason
        self.code = code
    }

    package init(_ action: String, _ path: BytePath, errno code: Int32) {
        self.init(action, path, reason: String(cString: strerror(code)), code: code)
    }

    package var description: String { "Could not \(action) \(path): \(reason)." }
}

/// Copy, move, rename and move to the trash, each all or nothing: a step
/// that fails undoes the steps before it, so no operation is left half done
/// (a copy is made in a hidden folder beside its destination and renamed
/// into place only once whole; a move or a trashing renames back what it
/// had renamed). Names are bytes; links are copied as links, never followed.
package enum FileOperations {
    /// Copies `sources` into `folder` under their own names. A name already
    /// in `folder` stops it before anything is written.
    package static func copy(_ sources: [BytePath], into folder: BytePath) throws(OperationError) {
        try refuseClashes(sources, in: folder, action: "copy")
        let staging = try makeStaging(in: folder, action: "copy")
        do throws(OperationError) {
            for source in sources {
                try copyItem(source, to: staging.appending(source.lastComponent))
            }
            try renameAll(sources.map { (staging.appending($0.lastComponent), folder.appending($0.lastComponent)) },
                          action: "copy")
        } catch {
            removeTree(staging)
            throw error
        }
        _ = staging.withCString { rmdir($0) }
    }

    /// Moves `sources` into `folder`: renames (undone together when one
    /// fails); across file systems a whole copy first, then the sources
    /// removed.
    package static func move(_ sources: [BytePath], into folder: BytePath) throws(OperationError) {
        try refuseClashes(sources, in: folder, action: "move")
        do {
            try renameAll(sources.map { ($0, folder.appending($0.lastComponent)) }, action: "move")
        } catch let error where error.code == EXDEV {
            try copy(sources, into: folder)
            // The copies are whole: a source that cannot be removed is reported, nothing is lost.
            for source in sources where !removeTree(source) {
                throw OperationError("remove", source,
                                     reason: "it was copied into \(folder) but could not be removed afterwards")
            }
        }
    }

    /// Renames `path` to `name` in its folder; refuses a name with `/`, `.`,
    /// `..`, an empty one, or one already there.
    package static func rename(_ path: BytePath, to name: [UInt8]) throws(OperationError) {
        guard !name.isEmpty, !name.contains(0x2F), !name.contains(0), name != [0x2E], name != [0x2E, 0x2E] else {
            throw OperationError("rename", path, reason: "“\(FileName.display(name))” is not a file name")
        }
        let target = path.parent.appending(name)
        guard !exists(target) else { throw OperationError("rename", path, reason: "\(target) already exists") }
        try renameAll([(path, target)], action: "rename")
    }

    // MARK: Steps

    static func exists(_ path: BytePath) -> Bool {
        var info = stat()
        return path.withCString { lstat($0, &info) } == 0
    }

    static func refuseClashes(_ sources: [BytePath], in folder: BytePath, action: String) throws(OperationError) {
        var names = Set<[UInt8]>()
        for source in sources {
            if folder.isInside(source) {
                throw OperationError(action, source, reason: "\(folder) is inside it")
            }
            guard names.insert(source.lastComponent).inserted else {
                throw OperationError(action, source, reason: "two of the marked entries have this name")
            }
            let target = folder.appending(source.lastComponent)
            if exists(target) { throw OperationError(action, source, reason: "\(target) already exists") }
        }
    }

    /// Renames each pair in order; when one fails, renames back those done.
    static func renameAll(_ pairs: [(BytePath, BytePath)], action: String) throws(OperationError) {
        for (index, (from, to)) in pairs.enumerated() {
            let done = from.withCString { a in to.withCString { b in SystemCalls.rename(a, b) } } == 0
            if done { continue }
            let code = errno
            for (back, forth) in pairs[..<index].reversed() {
                _ = forth.withCString { a in back.withCString { b in SystemCalls.rename(a, b) } }
            }
            throw OperationError(action, from, errno: code)
        }
    }

    static func makeStaging(in folder: BytePath, action: String) throws(OperationError) -> BytePath {
        for attempt in 0..<100 {
            let name = Array(".files-partial-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt)".utf8)
            let staging = folder.appending(name)
            if staging.withCString({ mkdir($0, 0o700) }) == 0 { return staging }
            if errno != EEXIST { throw OperationError(action, folder, errno: errno) }
        }
        throw OperationError(action, folder, reason: "no name left for a temporary folder")
    }

    /// Copies one entry (a folder with everything in it), never following links.
    static func copyItem(_ source: BytePath, to target: BytePath) throws(OperationError) {
        var info = stat()
        guard source.withCString({ lstat($0, &info) }) == 0 else { throw OperationError("copy", source, errno: errno) }
        let mode = mode_t(info.st_mode & 0o7777)
        switch EntryKind(mode: info.st_mode) {
        case .directory:
            guard target.withCString({ mkdir($0, 0o700) }) == 0 else { throw OperationError("copy", target, errno: errno) }
            var children: [DirectoryEntry] = []
            do throws(FileError) {
                try DirectoryReader().read(source, batchSize: 1024) { children += $0 }
            } catch {
                throw OperationError("copy", source, reason: error.description)
            }
            for child in children { try copyItem(source.appending(child.name), to: target.appending(child.name)) }
            _ = target.withCString { chmod($0, mode) }
        case .file:
            try copyFile(source, to: target, mode: mode)
        case .symlink:
            let link = source.withCString { name in DirectoryReader.readLink { readlink(name, $0, $1) } }
            let made = (link + [0]).withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { text in target.withCString { symlink(text.baseAddress!, $0) } }
            }
            guard made == 0 else { throw OperationError("copy", source, errno: errno) }
        case let kind:
            throw OperationError("copy", source, reason: "a \(FilePreview.kindName(kind)) is not copied")
        }
    }

    static func copyFile(_ source: BytePath, to target: BytePath, mode: mode_t) throws(OperationError) {
        let input = source.withCString { open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC) }
        guard input >= 0 else { throw OperationError("copy", source, errno: errno) }
        defer { close(input) }
        let output = target.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode) }
        guard output >= 0 else { throw OperationError("copy", target, errno: errno) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress!, $0.count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw OperationError("copy", source, errno: errno)
            }
            if got == 0 { break }
            var written = 0
            while written < got {
                let wrote = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, got - written) }
                if wrote < 0 {
                    if errno == EINTR { continue }
                    throw OperationError("copy", target, errno: errno)
                }
                written += wrote
            }
        }
    }

    /// Removes `path` and everything in it; false when something stayed.
    @discardableResult
    static func removeTree(_ path: BytePath) -> Bool {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return errno == ENOENT }
        if EntryKind(mode: info.st_mode) == .directory {
            var children: [DirectoryEntry] = []
            try? DirectoryReader().read(path, batchSize: 1024) { children += $0 }
            var whole = true
            for child in children where !removeTree(path.appending(child.name)) { whole = false }
            return whole && path.withCString { rmdir($0) } == 0
        }
        return path.withCString { unlink($0) } == 0
    }
}
