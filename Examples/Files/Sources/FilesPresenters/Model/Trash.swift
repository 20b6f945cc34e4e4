#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// The XDG trash (the freedesktop.org Trash specification): a trashed entry
/// is renamed into `files/` and described by `info/NAME.trashinfo` (its
/// original path, percent-encoded, and the deletion date), the info file
/// made first with `O_EXCL` so that two programs never take one name. Only
/// the home trash (`$XDG_DATA_HOME/Trash`) is used: an entry on another
/// file system is refused, with the reason, rather than copied.
package struct Trash: Sendable {
    /// The trash folder: `files/` and `info/` are in it.
    package let folder: BytePath

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let data = environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/share"
        folder = BytePath(data + "/Trash")
    }

    package init(folder: BytePath) { self.folder = folder }

    /// Moves `sources` to the trash, all or none: when one cannot go, those
    /// already moved are put back and their info files removed.
    /// - Returns: the names they have in `files/`.
    @discardableResult
    package func trash(_ sources: [BytePath], now: Int = Int(time(nil))) throws(OperationError) -> [[UInt8]] {
        let files = folder.appending(Array("files".utf8)), info = folder.appending(Array("info".utf8))
        // `$XDG_DATA_HOME` itself may not exist yet on a new account.
        try? FileManager.default.createDirectory(atPath: folder.parent.description, withIntermediateDirectories: true)
        for made in [folder, files, info] {
            if made.withCString({ mkdir($0, 0o700) }) != 0, errno != EEXIST {
                throw OperationError("move to the trash", made, errno: errno)
            }
        }
        var done: [(source: BytePath, name: [UInt8])] = []
        for source in sources {
            do throws(OperationError) {
                let name = try reserve(source, in: info, now: now)
                let moved = source.withCString { a in files.appending(name).withCString { b in SystemCalls.rename(a, b) } } == 0
                if !moved {
                    let code = errno
                    _ = Self.infoFile(name, in: info).withCString { unlink($0) }
                    throw OperationError("move to the trash", source,
                                         reason: code == EXDEV ? "it is on another file system than the trash (\(folder))"
                                             : String(cString: strerror(code)))
                }
                done.append((source, name))
            } catch {
                for (back, name) in done.reversed() {
                    _ = files.appending(name).withCString { a in back.withCString { b in SystemCalls.rename(a, b) } }
                    _ = Self.infoFile(name, in: info).withCString { unlink($0) }
                }
                throw error
            }
        }
        return done.map(\.name)
    }

    /// Takes a free name by creating its info file exclusively: `name`,
    /// else `name.2`, `name.3`, …
    private func reserve(_ source: BytePath, in info: BytePath, now: Int) throws(OperationError) -> [UInt8] {
        let base = source.lastComponent
        for attempt in 1...10_000 {
            let name = attempt == 1 ? base : base + Array(".\(attempt)".utf8)
            let descriptor = Self.infoFile(name, in: info).withCString { open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if descriptor < 0 {
                if errno == EEXIST { continue }
                throw OperationError("move to the trash", source, errno: errno)
            }
            let text = Array("[Trash Info]\nPath=".utf8) + Self.percentEncoded(source.bytes)
                + Array("\nDeletionDate=\(Self.date(now))\n".utf8)
            let wrote = text.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
            close(descriptor)
            guard wrote == text.count else {
                _ = Self.infoFile(name, in: info).withCString { unlink($0) }
                throw OperationError("move to the trash", source, reason: "its info file could not be written")
            }
            return name
        }
        throw OperationError("move to the trash", source, reason: "no free name left in the trash")
    }

    static func infoFile(_ name: [UInt8], in info: BytePath) -> BytePath {
        info.appending(name + Array(".trashinfo".utf8))
    }

    /// RFC 3986 escaping of everything but unreserved characters and `/`.
    package static func percentEncoded(_ bytes: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            switch byte {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E, 0x2F: out.append(byte)
            default: out += [0x25, hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return out
    }

    /// `2026-11-27T20:50:00`, local time, as the specification asks.
    static func date(_ seconds: Int) -> String { Format.time(seconds, format: "%Y-%m-%dT%H:%M:%S") }
}
