import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a catalogue file with plain POSIX calls, so errors carry the OS's
/// own reason ("Permission denied", "Is a directory") and the size limit is
/// checked on the opened file before a single byte is read.
enum CatalogFileReader {
    static func contents(ofPath path: String, limit: Int64 = CatalogError.maximumByteCount) throws(CatalogError) -> Data {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable(path) }
        defer { close(descriptor) }

        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw unreadable(path) }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            throw .unreadable(source: path, reason: String(cString: strerror(EISDIR)))
        }
        let size = Int64(status.st_size)
        if size > limit { throw .tooLarge(source: path, byteCount: size, limit: limit) }

        // Read to the end rather than trusting st_size (pipes, growing files),
        // but never past the limit.
        var data = Data(capacity: Int(size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw unreadable(path)
            }
            if count == 0 { return data }
            data.append(contentsOf: chunk[0..<count])
            if Int64(data.count) > limit { throw .tooLarge(source: path, byteCount: Int64(data.count), limit: limit) }
        }
    }

    private static func unreadable(_ path: String) -> CatalogError {
        .unreadable(source: path, reason: String(cString: strerror(errno)))
    }
}
