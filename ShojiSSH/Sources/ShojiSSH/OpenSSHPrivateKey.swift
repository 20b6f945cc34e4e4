import Crypto
import Foundation

/// The `openssh-key-v1` format (PROTOCOL.key in OpenSSH), unencrypted and
/// ed25519 only: what `ssh-keygen -t ed25519 -N ''` writes.
enum OpenSSHPrivateKey {
    private static let magic = Array("openssh-key-v1\0".utf8)
    private static let keyType = "ssh-ed25519"
    private static let header = "-----BEGIN OPENSSH PRIVATE KEY-----"
    private static let footer = "-----END OPENSSH PRIVATE KEY-----"

    enum DecodeError: Error, CustomStringConvertible {
        case notOpenSSH, encrypted, notEd25519, malformed(String)

        var description: String {
            switch self {
            case .notOpenSSH: "is not an OpenSSH private key"
            case .encrypted: "is encrypted with a passphrase (the server needs an unencrypted key)"
            case .notEd25519: "is not an ed25519 key"
            case .malformed(let what): "is malformed (\(what))"
            }
        }
    }

    static func encode(ed25519 key: Curve25519.Signing.PrivateKey, comment: String) -> String {
        let publicKey = Array(key.publicKey.rawRepresentation)
        var publicBlob = SSHWireWriter()
        publicBlob.string(keyType)
        publicBlob.string(publicKey)

        var secret = SSHWireWriter()
        let check = UInt32.random(in: .min ... .max)
        secret.uint32(check)
        secret.uint32(check)
        secret.string(keyType)
        secret.string(publicKey)
        secret.string(Array(key.rawRepresentation) + publicKey)
        secret.string(comment)
        var padding: UInt8 = 1
        while secret.bytes.count % 8 != 0 {
            secret.bytes.append(padding)
            padding += 1
        }

        var file = SSHWireWriter()
        file.bytes = magic
        file.string("none")
        file.string("none")
        file.string([UInt8]())
        file.uint32(1)
        file.string(publicBlob.bytes)
        file.string(secret.bytes)

        let base64 = Data(file.bytes).base64EncodedString()
        let lines = stride(from: 0, to: base64.count, by: 70).map { start -> String in
            let from = base64.index(base64.startIndex, offsetBy: start)
            let to = base64.index(from, offsetBy: min(70, base64.count - start))
            return String(base64[from..<to])
        }
        return ([header] + lines + [footer]).joined(separator: "\n") + "\n"
    }

    static func decodeEd25519(armored text: String) throws(DecodeError) -> Curve25519.Signing.PrivateKey {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let start = lines.firstIndex(of: header), let end = lines.firstIndex(of: footer), start < end,
              let data = Data(base64Encoded: lines[(start + 1)..<end].joined())
        else { throw .notOpenSSH }
        var reader = SSHWireReader(Array(data))
        guard reader.take(magic.count) == magic else { throw .notOpenSSH }
        guard let cipher = reader.string(), let kdf = reader.string(), reader.bytes() != nil,
              let count = reader.uint32(), reader.bytes() != nil, let secret = reader.bytes()
        else { throw .malformed("header") }
        guard cipher == "none", kdf == "none" else { throw .encrypted }
        guard count == 1 else { throw .malformed("\(count) keys") }
        var inner = SSHWireReader(secret)
        guard let first = inner.uint32(), let second = inner.uint32(), first == second else {
            throw .malformed("check bytes")
        }
        guard inner.string() == keyType else { throw .notEd25519 }
        guard inner.bytes()?.count == 32, let pair = inner.bytes(), pair.count == 64 else {
            throw .malformed("key length")
        }
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: pair[0..<32]),
              Array(key.publicKey.rawRepresentation) == Array(pair[32..<64])
        else { throw .malformed("package and private halves differ") }
        return key
    }
}

/// SSH wire encoding (RFC 4251 section 5): big-endian uint32 and
/// length-prefixed strings.
struct SSHWireWriter {
    var bytes: [UInt8] = []

    mutating func uint32(_ value: UInt32) {
        bytes += [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    mutating func string(_ value: [UInt8]) {
        uint32(UInt32(value.count))
        bytes += value
    }

    mutating func string(_ value: String) { string(Array(value.utf8)) }
}

struct SSHWireReader {
    private let data: [UInt8]
    private var offset = 0

    init(_ data: [UInt8]) { self.data = data }

    mutating func take(_ count: Int) -> [UInt8]? {
        guard count >= 0, data.count - offset >= count else { return nil }
        defer { offset += count }
        return Array(data[offset..<(offset + count)])
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(UInt32(0)) { $0 << 8 | UInt32($1) } }
    }

    mutating func bytes() -> [UInt8]? {
        guard let length = uint32() else { return nil }
        return take(Int(length))
    }

    mutating func string() -> String? { bytes().map { String(decoding: $0, as: UTF8.self) } }
}
