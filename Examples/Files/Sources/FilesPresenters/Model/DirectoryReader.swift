#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch

/// Reads a directory's entries as bytes (`opendir`/`readdir`, `fstatat`),
/// in batches. The seam tests replace: permission errors cannot be produced
/// with chmod when the tests run as root.
package protocol DirectoryReading: Sendable {
    /// Reads every entry of `path`, calling `batch` with each group of up to
    /// `batchSize` entries (the first group as soon as it is read). Throws
    /// before any batch when the directory cannot be opened.
    func read(_ path: BytePath, batchSize: Int, batch: (EntryTable) -> Void) throws(FileError)
}

/// The real file system.
package struct DirectoryReader: DirectoryReading {
    package init() {}

    package func read(_ path: BytePath, batchSize: Int, batch: (EntryTable) -> Void) throws(FileError) {
        try read(path, batchSize: batchSize, continuing: { entries in
            batch(entries)
            return true
        })
    }

    /// Reads `path` in batches until `batch` returns false: `readdir` is not
    /// asked for the rest (a preview's first names of a large directory).
    package func read(_ path: BytePath, batchSize: Int, continuing batch: (EntryTable) -> Bool) throws(FileError) {
        guard let directory = path.withCString({ opendir($0) }) else {
            throw FileError(errno: errno, path: path.description)
        }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var pending = EntryTable()
        pending.reserveCapacity(batchSize)
        while true {
            errno = 0
            guard let raw = readdir(directory) else {
                if errno != 0 && pending.isEmpty { throw FileError(errno: errno, path: path.description) }
                break
            }
            withUnsafeBytes(of: &raw.pointee.d_name) { buffer in
                let length = strnlen(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), buffer.count)
                let name = UnsafeRawBufferPointer(rebasing: buffer[..<length])
                if name.elementsEqual([0x2E]) || name.elementsEqual([0x2E, 0x2E]) { return }
                let cName = buffer.baseAddress!.assumingMemoryBound(to: CChar.self)
                Self.append(named: name, cName: cName, in: descriptor, to: &pending)
            }
            if pending.count >= batchSize {
                guard batch(pending) else { return }
                pending.removeAll(keepingCapacity: true)
            }
        }
        if !pending.isEmpty { _ = batch(pending) }
    }

    /// One entry, from `fstatat` without following links, and for a link
    /// also following it (a loop or a missing target leaves it nil).
    static func append(named name: UnsafeRawBufferPointer, cName: UnsafePointer<CChar>, in directory: Int32,
                       to table: inout EntryTable) {
        var info = stat()
        let found = fstatat(directory, cName, &info, AT_SYMLINK_NOFOLLOW)
        guard found == 0 else {
            // Gone between readdir and stat: keep the name, its kind unknown.
            table.append(name: name, kind: .other, size: 0, modified: 0)
            return
        }
        var kind = EntryKind(mode: info.st_mode)
        if kind.isLink {
            var target = stat()
            let followed = fstatat(directory, cName, &target, 0)
            kind = .symlink(target: followed == 0 ? EntryKind(mode: target.st_mode) : nil)
        }
        table.append(name: name, kind: kind, size: Int64(info.st_size), modified: info.modifiedSeconds)
    }

    /// The mode bits and owner of `path` (not followed), read when its row
    /// is drawn with the details columns; nil when it is gone.
    package static func details(of path: BytePath) -> EntryDetails? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0 else { return nil }
        return EntryDetails(permissions: UInt16(info.st_mode & 0o7777), owner: UInt32(info.st_uid),
                            group: UInt32(info.st_gid))
    }

    /// A link's target as written, at most `PATH_MAX` bytes (`read` is
    /// `readlink` or `readlinkat`); empty when it cannot be read.
    package static func readLink(_ read: (UnsafeMutablePointer<CChar>, Int) -> Int) -> [UInt8] {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        let count = buffer.withUnsafeMutableBufferPointer { read($0.baseAddress!, $0.count) }
        return count > 0 ? buffer.prefix(count).map { UInt8(bitPattern: $0) } : []
    }

    /// The error for a path whose `stat` said ENOENT: a dangling link when
    /// the path itself is a link (it exists; its target does not).
    static func missing(_ path: BytePath) -> FileError {
        guard let target = linkTarget(of: path) else { return .notFound(path.description) }
        return .danglingLink(path.description, target: FileName.display(target))
    }

    /// `path`'s target as written, when `path` is a symbolic link.
    package static func linkTarget(of path: BytePath) -> [UInt8]? {
        var info = stat()
        guard path.withCString({ lstat($0, &info) }) == 0, EntryKind(mode: info.st_mode).isLink else { return nil }
        return path.withCString { name in readLink { readlink(name, $0, $1) } }
    }

    /// What `path` is (links followed), or the error that stat gives.
    package static func kind(of path: BytePath) throws(FileError) -> (kind: EntryKind, size: Int64, modified: Int) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else {
            let code = errno
            throw code == ENOENT ? missing(path) : FileError(errno: code, path: path.description)
        }
        return (EntryKind(mode: info.st_mode), Int64(info.st_size), info.modifiedSeconds)
    }

    /// Whether `path` still exists as a directory (a stat, not a read).
    package static func directoryExists(_ path: BytePath) -> Bool {
        (try? kind(of: path))?.kind == .directory
    }
}

/// An entry's mode bits and owner, for the details columns.
package struct EntryDetails: Hashable, Sendable {
    package var permissions: UInt16
    package var owner: UInt32
    package var group: UInt32
}

/// What a background read reports to the main actor, in order: counts
/// while it reads, then every entry at once (or the error).
package enum DirectoryLoadEvent: Sendable {
    /// How many entries have been read so far: after each batch read.
    case progress(Int)
    /// Every entry, in the order read: the read is over.
    case entries(EntryTable)
    case failed(FileError)
}

/// Starts reading a directory and reports on the main actor; `cancel`
/// stops reporting (the screen left).
@MainActor
package protocol DirectoryLoading: AnyObject {
    func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask
}

/// A running read; cancelling stops its reports.
package final class DirectoryLoadTask: @unchecked Sendable {
    /// A pthread mutex: `NSLock` is Foundation proper, which the app does not link.
    private let lock: UnsafeMutablePointer<pthread_mutex_t> = {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        return mutex
    }()
    private var cancelled = false
    package init() {}
    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }
    package func cancel() { withLock { cancelled = true } }
    package var isCancelled: Bool { withLock { cancelled } }
    private func withLock<T>(_ body: () -> T) -> T {
        pthread_mutex_lock(lock)
        defer { pthread_mutex_unlock(lock) }
        return body()
    }
}

/// Reads off the main thread: a count after a batch of `batchSize` entries
/// (at most one per `progressInterval`), then every entry in one delivery.
/// Nothing is shown before the end: the main actor sorts once, and the user
/// never sees a page of whichever names came first looking like the sorted
/// listing.
@MainActor
package final class BackgroundDirectoryLoader: DirectoryLoading {
    package let reader: any DirectoryReading
    /// Entries read between two counts: the count on screen moves per batch,
    /// not per entry.
    package var batchSize = 1_000
    /// The least time between two counts: about a frame, so a directory read
    /// in less sends none (its listing is the next thing drawn) and a large
    /// one wakes the main queue about 60 times a second, not per batch.
    package var progressInterval: Duration = .milliseconds(16)

    package init(reader: any DirectoryReading = DirectoryReader()) { self.reader = reader }

    package func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask {
        let task = DirectoryLoadTask()
        let reader = self.reader, batchSize = self.batchSize, progressInterval = self.progressInterval
        let send: @Sendable (DirectoryLoadEvent) -> Void = { event in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { if !task.isCancelled { report(event) } }
            }
        }
        DispatchQueue.global(qos: .userInitiated).async {
            var batches: [EntryTable] = []
            var read = 0
            let clock = ContinuousClock()
            var nextProgress = clock.now + progressInterval
            do throws(FileError) {
                try reader.read(path, batchSize: batchSize) { batch in
                    if task.isCancelled { return }
                    batches.append(batch)
                    read += batch.count
                    // A full batch means more may follow; a short one is the end.
                    guard batch.count == batchSize, clock.now >= nextProgress else { return }
                    nextProgress = clock.now + progressInterval
                    send(.progress(read))
                }
                send(.entries(EntryTable(joining: batches)))
            } catch {
                send(.failed(error))
            }
        }
        return task
    }
}
