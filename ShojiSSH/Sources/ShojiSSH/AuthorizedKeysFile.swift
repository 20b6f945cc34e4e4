import Foundation
import Logging
import NIOConcurrencyHelpers

/// The server's authorized keys file, parsed once and read again only when
/// it changes (its inode, size or modification time), so adding or
/// removing a key needs no restart and an attempt costs a `stat`, not a
/// parse of every line. Each reading logs the lines it skips, with their
/// numbers; a file that cannot be read refuses every key until it can.
final class AuthorizedKeysFile: Sendable {
    let path: String
    private let logger: Logger
    private let cache = NIOLockedValueBox<Cached?>(nil)

    private struct Cached {
        let stamp: FileStamp?
        let keys: AuthorizedKeys
    }

    init(path: String, logger: Logger) {
        self.path = path
        self.logger = logger
    }

    /// The keys as the file says now. May block (it reads the file): call
    /// it off the event loop.
    func current() throws(AuthorizedKeysError) -> AuthorizedKeys {
        let stamp = FileStamp(path: path)
        // The lock is held while parsing, so a burst of attempts after an
        // edit parses the file once, not once each.
        let result: Result<AuthorizedKeys, AuthorizedKeysError> = cache.withLockedValue { cached in
            if let cached, cached.stamp == stamp { return .success(cached.keys) }
            do throws(AuthorizedKeysError) {
                let keys = try AuthorizedKeys.load(path: path)
                for problem in keys.problems {
                    logger.warning("authorized keys: \(problem)", metadata: ["file": "\(path)"])
                }
                cached = Cached(stamp: stamp, keys: keys)
                return .success(keys)
            } catch {
                cached = nil
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// What tells a file's versions apart without reading it.
struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int64
    let modified: timespec
    let changed: timespec

    /// Nil when there is no such file.
    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
        modified = info.st_mtimespec
        changed = info.st_ctimespec
        #else
        modified = info.st_mtim
        changed = info.st_ctim
        #endif
    }

    static func == (left: FileStamp, right: FileStamp) -> Bool {
        left.device == right.device && left.inode == right.inode && left.size == right.size
            && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
            && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
    }
}
