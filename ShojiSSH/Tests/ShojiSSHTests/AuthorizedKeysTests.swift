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
        #expect(keys.verdict(for: guest, user: "root") == .guest)
        #expect(keys.verdict(for: alice, user: "anyone") == .guest, "a comment that looks like an account grants nothing")
        #expect(keys.problems.isEmpty)
    }

    @Test func anAccountOptionBindsTheKeyToThatAccountOnly() {
        let text = "account=\"alice@example.com\" \(line(alice)) laptop\n"
        let keys = AuthorizedKeys(text: text)
        #expect(keys.verdict(for: alice, user: "alice@example.com") == .account("alice@example.com"))
        #expect(keys.verdict(for: alice, user: "ALICE@example.com") == .account("alice@example.com"))
        #expect(keys.verdict(for: alice, user: "root") == .boundToOther("alice@example.com"))
        #expect(keys.verdict(for: stranger, user: "alice@example.com") == .unlisted)
    }

    @Test func quotedOptionValuesMayHoldCommasSpacesAndQuotes() {
        let text = #"restrict,account="o'brien, \"pat\" <pat@example.com>",no-port-forwarding \#(line(alice)) pat's key"#
        let keys = AuthorizedKeys(text: text)
        #expect(keys.problems.isEmpty)
        #expect(keys.entries.first?.account == #"o'brien, "pat" <pat@example.com>"#)
    }

    @Test func crlfBlankLinesAndCommentsAreFine() {
        let text = "# keys\r\n\r\n\(line(guest)) demo\r\n   \r\n# \(line(alice))\r\n"
        let keys = AuthorizedKeys(text: text)
        #expect(keys.entries.count == 1)
        #expect(keys.verdict(for: guest, user: "x") == .guest)
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
        #expect(keys.verdict(for: stranger, user: "carol@example.com") == .unlisted, "a skipped line is never trusted")
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
            #expect(keys.verdict(for: key, user: "root") == .guest)
            let bound = AuthorizedKeys(text: "account=\"root@example.com\" " + publicLine)
            #expect(bound.verdict(for: key, user: "root@example.com") == .account("root@example.com"))
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
        #expect(keys.verdict(for: guest, user: "x") == .guest)
        #expect(keys.verdict(for: stranger, user: "x") == .guest)
        #expect(keys.verdict(for: alice, user: "x") == .unlisted)
        #expect(keys.problems == [AuthorizedKeys.Problem(line: 3, reason: "not valid UTF-8 (line skipped)")])
        #expect(keys.lists(guest) && !keys.lists(alice))
    }

    @Test func aFileThatCannotBeReadSaysWhy() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("keys-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // A directory where the file should be: reading it fails for anyone, root included.
        #expect(throws: AuthorizedKeysError(path: folder, reason: "Is a directory")) { try AuthorizedKeys.load(path: folder) }
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
