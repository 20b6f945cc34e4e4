import Foundation

/// A small file from outside the program (a key, an authorized keys file)
/// read safely: opened without blocking, so a FIFO there cannot hang the
/// start; checked on the opened descriptor to be a regular file (not a
/// FIFO, a device such as `/dev/zero`, a directory or a socket); and read
/// no further than a cap, so no file can grow memory without end.
public enum RegularFile {
    /// The bytes of the file at `path`, at most `limit` of them; nil when
    /// nothing is there (`ENOENT`). Throws, naming the file, when it cannot
    /// be opened or read, is not a regular file, or is larger than `limit`.
    public static func read(_ path: String, limit: Int) throws(RegularFileError) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw RegularFileError(path: path, problem: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw RegularFileError(path: path, problem: String(cString: strerror(errno)))
        }
        if let kind = kind(ofMode: status.st_mode) {
            throw RegularFileError(path: path, problem: "is \(kind), not a regular file")
        }
        guard Int64(status.st_size) <= Int64(limit) else { throw RegularFileError(path: path, problem: tooLarge(limit)) }
        // Read to the end rather than trusting st_size (the file may grow),
        // but never past the limit.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(clamping: Int64(status.st_size)))
        var chunk = [UInt8](repeating: 0, count: min(64 << 10, limit + 1))
        while true {
            let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw RegularFileError(path: path, problem: String(cString: strerror(errno))) }
            if count == 0 { return bytes }
            bytes += chunk[0..<count]
            guard bytes.count <= limit else { throw RegularFileError(path: path, problem: tooLarge(limit)) }
        }
    }

    /// What a file of `mode` is when it is not a regular file ("a FIFO (a
    /// named pipe)"), nil when it is one.
    static func kind(ofMode mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "a FIFO (a named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFDIR: "a directory"
        case S_IFSOCK: "a socket"
        default: "an unknown kind of file"
        }
    }

    /// "is larger than 64 KiB" (or MiB, or bytes).
    static func tooLarge(_ limit: Int) -> String {
        if limit >= 1 << 20, limit % (1 << 20) == 0 { return "is larger than \(limit >> 20) MiB" }
        if limit >= 1 << 10, limit % (1 << 10) == 0 { return "is larger than \(limit >> 10) KiB" }
        return "is larger than \(limit) bytes"
    }
}

/// A file ``RegularFile`` would not read: which, and why.
public struct RegularFileError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file.
    public let path: String
    /// What the system said (`Permission denied`), what the file is (`is a
    /// FIFO (a named pipe), not a regular file`) or that it is too large.
    public let problem: String
    /// `PATH PROBLEM` when the problem starts with "is", else `PATH: PROBLEM`.
    public var description: String { problem.hasPrefix("is ") ? "\(path) \(problem)" : "\(path): \(problem)" }
}
