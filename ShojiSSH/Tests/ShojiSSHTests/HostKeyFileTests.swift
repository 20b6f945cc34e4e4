
@testable import ShojiSSH
import Crypto
import Foundation
import NIOSSH
import Testing

@Suite struct HostKeyFileTests {
    private func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("hostkey-\(UUID().uuidString)").path
    }

    @Test func theFirstStartMakesAPrivateKeyAndLaterStartsReuseIt() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        let file = HostKeyFile(path: path)
        let first = try file.loadOrCreate()
        var status = stat()
        #expect(stat(path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        let second = try file.loadOrCreate()
        #expect(first.rawRepresentation == second.rawRepresentation)
    }

    @Test func theFileIsTheOpenSSHFormatAndRoundTrips() throws {
        let key = Curve25519.Signing.PrivateKey()
        let text = OpenSSHPrivateKey.encode(ed25519: key, comment: "test")
        #expect(text.hasPrefix("-----BEGIN OPENSSH PRIVATE KEY-----\n"))
        #expect(text.hasSuffix("-----END OPENSSH PRIVATE KEY-----\n"))
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 70 })
        let decoded = try OpenSSHPrivateKey.decodeEd25519(armored: text)
        #expect(decoded.rawRepresentation == key.rawRepresentation)
    }

    @Test func aDamagedKeyIsAClearErrorNotANewKey() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        try "-----BEGIN OPENSSH PRIVATE KEY-----\nAAAA\n-----END OPENSSH PRIVATE KEY-----\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: HostKeyError.self) { try HostKeyFile(path: path).loadOrCreate() }
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("AAAA"))
    }

    @Test func anEncryptedKeyIsRefusedWithTheReason() throws {
        var writer = SSHWireWriter()
        writer.bytes = Array("openssh-key-v1\0".utf8)
        writer.string("aes256-ctr")
        writer.string("bcrypt")
        writer.string([UInt8]())
        writer.uint32(1)
        writer.string([UInt8]())
        writer.string([UInt8](repeating: 0, count: 16))
        let text = "-----BEGIN OPENSSH PRIVATE KEY-----\n\(Data(writer.bytes).base64EncodedString())\n"
            + "-----END OPENSSH PRIVATE KEY-----\n"
        #expect(throws: OpenSSHPrivateKey.DecodeError.encrypted) { try OpenSSHPrivateKey.decodeEd25519(armored: text) }
    }

    @Test func theFingerprintIsWhatOpenSSHPrints() throws {
        // `ssh-keygen -lf` on this public key prints this fingerprint.
        let key = try NIOSSHPublicKey(openSSHPublicKey:
            "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIMlCeB+vI3Wl00o2kLsw4Xo8AkF13GSOYxTfUcaISCrj")
        #expect(key.fingerprint == "SHA256:pzpcjNXBpZGMIKvWPVgiJOEhqR6YNXQ0uM32SWnmQ04")
    }

    /// OpenSSH refuses a host key others can read: whoever reads it can pose as the server.
    @Test func aKeyOthersMayReadIsRefusedWithTheCommandThatFixesIt() throws {
        let path = temporaryPath()
        defer { unlink(path) }
        _ = try HostKeyFile(path: path).loadOrCreate()
        chmod(path, 0o644)
        #expect(throws: HostKeyError(path: path, problem: "may be read by others (mode 0644); run chmod 600 \(path)")) {
            try HostKeyFile(path: path).loadOrCreate()
        }
        chmod(path, 0o600)
        _ = try HostKeyFile(path: path).loadOrCreate()
    }
}

extension OpenSSHPrivateKey.DecodeError: Equatable {
    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.description == rhs.description }
}
