import Crypto
import Foundation
import NIOSSH

/// The server's ed25519 host key, kept in the data directory as an OpenSSH
/// private key file (`ssh_host_ed25519_key`, mode 0600) so clients keep
/// trusting the server across restarts, and `ssh-keygen -lf` can show its
/// fingerprint. Generated on first start.
public struct HostKeyFile: Sendable {
    /// The private key file.
    public let path: String

    /// An ed25519 key file is about 400 bytes; anything this large is not one.
    static let largest = 64 << 10

    /// The key kept at `path` (nothing is read or made until it is loaded).
    public init(path: String) {
        self.path = path
    }

    /// Reads the key, or makes and stores a new one when the file is missing.
    public func loadOrCreate() throws(HostKeyError) -> Curve25519.Signing.PrivateKey {
        if FileManager.default.fileExists(atPath: path) { return try load() }
        let key = Curve25519.Signing.PrivateKey()
        try store(key)
        return key
    }

    /// Refuses a key others may read, as OpenSSH does: whoever can read it
    /// can pose as this server. The file must be a regular file of at most
    /// 64 KiB, opened without blocking (``RegularFile``): a FIFO or a
    /// device there is an error, not a hang.
    public func load() throws(HostKeyError) -> Curve25519.Signing.PrivateKey {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            let mode = String(info.st_mode & 0o777, radix: 8)
            throw HostKeyError(path: path, problem: "may be read by others (mode 0\(mode)); run chmod 600 \(path)")
        }
        let bytes: [UInt8]?
        do throws(RegularFileError) { bytes = try RegularFile.read(path, limit: Self.largest) } catch {
            throw HostKeyError(path: path, problem: error.problem.hasPrefix("is ") ? error.problem : "cannot be read (\(error.problem))")
        }
        guard let bytes else { throw HostKeyError(path: path, problem: "cannot be read (it is gone)") }
        let text = String(decoding: bytes, as: UTF8.self)
        do {
            return try OpenSSHPrivateKey.decodeEd25519(armored: text)
        } catch {
            throw HostKeyError(path: path, problem: "\(error) (delete it to make a new key; clients will warn once)")
        }
    }

    /// Writes through a temporary file created 0600 and renamed into place,
    /// so the key is never readable by others, even for a moment, and a
    /// crash never leaves half a key.
    func store(_ key: Curve25519.Signing.PrivateKey) throws(HostKeyError) {
        let text = OpenSSHPrivateKey.encode(ed25519: key, comment: "shoji ssh host key")
        let temporary = path + ".new"
        // The folder too, private, so a server of a few lines needs no setup.
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                                       attributes: [.posixPermissions: 0o700]) }
        unlink(temporary)
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw HostKeyError(path: path, problem: String(cString: strerror(errno))) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw HostKeyError(path: path, problem: "cannot be written: \(reason)")
        }
    }
}

/// The host key file cannot be used: missing and not writable, unreadable,
/// not an ed25519 key, or readable by others.
public struct HostKeyError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The file.
    public let path: String
    /// What is wrong with it, and what to do when there is something.
    public let problem: String
    /// `host key PATH: PROBLEM`.
    public var description: String { "host key \(path): \(problem)" }
}

extension NIOSSHPublicKey {
    /// `SHA256:` and the unpadded base64 of the key blob's digest, as
    /// `ssh-keygen -l` and the ssh client's first-connection prompt show it.
    public var fingerprint: String {
        SSHKeyFingerprint.of(String(openSSHPublicKey: self)) ?? "unknown"
    }
}
