import CatalogModel
import CatalogPresenters
import Foundation
import ShojiAppKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// An append-only log file (mode 0600) shared by every logger. Each message is
/// one `write(2)` of a whole line under a lock, so lines from several threads
/// never interleave. Nothing ever goes to stdout or stderr: they belong to the
/// curses screen.
package final class LogFile: Sendable {
    package let path: String
    private let descriptor: NIOLockedValueBox<Int32>

    package init(path: String) throws(LogFileError) {
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw LogFileError(path: path, reason: String(cString: strerror(errno))) }
        self.path = path
        self.descriptor = NIOLockedValueBox(fd)
    }

    package func append(line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        descriptor.withLockedValue { fd in
            guard fd >= 0 else { return }
            FileSizeLimit.writing { bytes.withUnsafeBytes { buffer in
                var offset = 0
                while offset < buffer.count {
                    #if canImport(Glibc)
                    let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    #else
                    let written = Darwin.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                    #endif
                    if written < 0 && errno == EINTR { continue }
                    if written <= 0 { return }  // a full disk must not take the app down
                    offset += written
                }
            } }
        }
    }

    deinit {
        descriptor.withLockedValue { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
    }
}

package struct LogFileError: Error, Sendable, Equatable, CustomStringConvertible {
    package let path: String
    package let reason: String

    package var description: String { "Cannot open the log file \(path): \(reason)" }
}
