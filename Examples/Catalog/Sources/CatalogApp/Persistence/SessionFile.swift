import CatalogModel
import CatalogPresenters
import Foundation
import ShojiAppKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `session` file: the email of the signed-in account, so the next start
/// skips the login screen until the user signs out.
package struct SessionFile: Sendable {
    package let path: String

    package init(directory: DataDirectory) {
        self.path = directory.sessionPath
    }

    package init(path: String) {
        self.path = path
    }

    /// The signed-in email, or nil when there is no session (or it is empty).
    package func read() -> String? {
        guard let data = FileManager.default.contents(atPath: path),
              let text = String(data: data, encoding: .utf8) else { return nil }
        let email = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return email.isEmpty ? nil : email
    }

    /// Replaces the session atomically (a temporary file in the same directory,
    /// mode 0600, then rename), so a crash never leaves half an email behind.
    package func write(email: String) throws(SessionFileError) {
        let temporary = path + ".tmp-\(getpid())"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .cannotWrite(path, reason: String(cString: strerror(errno))) }
        let bytes = Array((email + "\n").utf8)
        let written = FileSizeLimit.writing { bytes.withUnsafeBytes { buffer in
            #if canImport(Glibc)
            Glibc.write(descriptor, buffer.baseAddress, buffer.count)
            #else
            Darwin.write(descriptor, buffer.baseAddress, buffer.count)
            #endif
        } }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWrite(path, reason: reason)
        }
    }

    /// Removes the session (sign-out). A missing file is already cleared.
    package func clear() throws(SessionFileError) {
        if unlink(path) != 0 && errno != ENOENT {
            throw .cannotWrite(path, reason: String(cString: strerror(errno)))
        }
    }
}

package enum SessionFileError: Error, Sendable, Equatable, CustomStringConvertible {
    case cannotWrite(String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason): "Cannot update the session file \(path): \(reason)"
        }
    }
}
