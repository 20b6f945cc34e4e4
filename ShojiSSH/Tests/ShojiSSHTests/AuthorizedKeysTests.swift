@testable import ShojiSSH
import Crypto
import Foundation
import Logging
import NIOSSH
import Testing

@Suite struct AuthorizedKeysTests {
    private let alice = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
    private let guest = NIOSSHPrivateKey(p256Key: .init()).publicKey
    private let stranger = NIOSSHPrivateKey(ed25519Key: .init()).publicKey

    private func line(_ key: NIOSSHPublicKey) -> String { String(openSSHPublicKey: key) }

    @Test func theCommentIsFreeTextAndNeverAnAccount() {
        let keys = AuthorizedKeys(text: "\(line(guest)) root@vm\n\(line(alice)) alice@example.com\n")
        #expect(keys.lists(guest))
        #expect(keys.lists(alice), "a comment that looks like an account is still a guest key")
        #expect(keys.problems.isEmpty)
    }

    /// H (issue 37): `account=` named an email that a visitor in public
    /// mode could sign up first, and the operator's key then opened the
    /// visitor's account. The option binds nothing now: its line is
    /// skipped (not read as a guest key), and the reason names the command
    /// that binds keys instead.
    @Test func anAccountOptionNoLongerBindsAndItsLineSaysWhatToUseInstead() {
        let text = "account=\"alice@example.com\" \(line(alice)) laptop\n\(line(guest)) demo\n"
        let keys = AuthorizedKeys(text: text)
        #expect(!keys.lists(alice))
        #expect(keys.lists(guest), "the other lines still count")
        #expect(keys.problems.map(\.line) == [1])
        #expect(keys.problems.first?.reason.contains("catalog accounts link-key EMAIL KEYFILE") == true)
    }

    @Test func quotedOptionValuesMayHoldCommasSpacesAndQuotes() {
        let text = #"restrict,no-port-forwarding \#(line(alice)) pat's key"# + "\n"
            + #"no-user-rc,account="o'brien, \"pat\" <pat@example.com>" \#(line(guest))"#
        let keys = AuthorizedKeys(text: text)
        #expect(keys.lists(alice))
        #expect(keys.problems.map(\.line) == [2], "read whole, quotes and all, then refused as account=")
        #expect(keys.problems.first?.reason.contains("account=") == true)
    }

    @Test func crlfBlankLinesAndCommentsAreFine() {
        let text = "# keys\r\n\r\n\(line(guest)) demo\r\n   \r\n# \(line(alice))\r\n"
        let keys = AuthorizedKeys(text: text)
        #expect(keys.entries.count == 1)
        #expect(keys.lists(guest))
        #expect(keys.problems.isEmpty)
    }

    @Test func linesItCannotHonourAreReportedWithTheirNumberAndSkipped() {
        let text = """
            \(line(guest)) ok
            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 bob@example.com
            no-pty \(line(stranger)) carol@example.com
            from="10.0.0.0/8" \(line(stranger))
            command="/bin/sh" \(line(stranger))
            ssh-ed25519 bm90IGEga2V5 dave@example.com
            account="unterminated \(line(stranger))
            ssh-ed25519
            """
        let keys = AuthorizedKeys(text: text)
        #expect(keys.entries.map(\.line) == [1])
        #expect(keys.problems.map(\.line) == [2, 3, 4, 5, 6, 7, 8])
        #expect(keys.problems[0].reason.contains("ssh-rsa keys are not supported"))
        #expect(keys.problems[1].reason.contains("option no-pty is not supported"))
        #expect(keys.problems[2].reason.contains("option from"))
        #expect(keys.problems[3].reason.contains("option command"))
        #expect(keys.problems[4].reason.contains("does not decode"))
        #expect(keys.problems[5].reason.contains("unclosed quote"))
        #expect(keys.problems[6].reason.contains("no key data"))
        #expect(!keys.lists(stranger), "a skipped line is never trusted")
    }

    /// The instruction of the article "Serving over SSH", with a key made by the real `ssh-keygen`.
    @Test func aRealSSHKeygenKeyWithItsUserAtHostCommentIsAGuestKey() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (type, options) in [("ed25519", [String]()), ("ecdsa", ["-b", "384"])] {
            let path = folder + "/id_\(type)"
            let keygen = Process()
            keygen.executableURL = URL(fileURLWithPath: "/usr/bin/ssh-keygen")
            keygen.arguments = ["-q", "-t", type, "-N", "", "-C", "root@vm", "-f", path] + options
            try keygen.run()
            keygen.waitUntilExit()
            let publicLine = try String(contentsOfFile: path + ".pub", encoding: .utf8)
            #expect(publicLine.hasSuffix(" root@vm\n"))
            let keys = AuthorizedKeys(text: publicLine)
            let key = try NIOSSHPublicKey(openSSHPublicKey: String(publicLine.split(separator: " ").prefix(2).joined(separator: " ")))
            #expect(keys.problems.isEmpty)
            #expect(keys.lists(key))
        }
    }

    @Test func aMissingFileAllowsNobody() throws {
        let keys = try AuthorizedKeys.load(path: "/nonexistent/authorized_keys")
        #expect(keys.entries.isEmpty)
    }

    /// `printf '# Jos\xe9\n...'`: one byte that is not UTF-8 costs its
    /// line, never the file (it used to refuse every key).
    @Test func aLineThatIsNotUTF8IsSkippedAloneWithItsNumber() {
        let bytes = Array("# Jos".utf8) + [0xE9] + Array("\n\(line(guest)) ok\n".utf8)
            + Array("\(line(alice)) caf".utf8) + [0xE9] + Array("\n\(line(stranger))\n".utf8)
        let keys = AuthorizedKeys(bytes: bytes)
        #expect(keys.lists(stranger))
        #expect(keys.problems == [AuthorizedKeys.Problem(line: 3, reason: "not valid UTF-8 (line skipped)")])
        #expect(keys.lists(guest) && !keys.lists(alice))
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A directory where the file should be: reading it fails for anyone, root included.
        #expect(throws: AuthorizedKeysError(path: folder, reason: "is a directory, not a regular file")) { try AuthorizedKeys.load(path: folder) }
    }
}

/// The server's file: parsed once, parsed again when it changes.
@Suite struct AuthorizedKeysFileTests {
    @Test func theFileIsReadAgainOnlyWhenItChanges() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/authorized_keys"
        let first = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        let second = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
        try (String(openSSHPublicKey: first) + " one\n").write(toFile: path, atomically: false, encoding: .utf8)
        let file = AuthorizedKeysFile(path: path, logger: Logger(label: "test"))
        #expect(try file.current().lists(first))
        // Same keys object until the file changes (no parse per attempt).
        #expect(try file.current().entries == file.current().entries)
        try (String(openSSHPublicKey: second) + " two\n").write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try file.current().lists(second))
        #expect(try !file.current().lists(first), "a deleted line no longer lets its key in")
        unlink(path)
        #expect(try file.current().entries.isEmpty, "a removed file lists nobody")
    }
}
