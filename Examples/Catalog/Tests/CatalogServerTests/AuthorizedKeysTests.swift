import CatalogApp
@testable import CatalogServer
import Crypto
import NIOSSH
import Testing

@Suite struct AuthorizedKeysTests {
    private let alice = NIOSSHPrivateKey(ed25519Key: .init()).publicKey
    private let guest = NIOSSHPrivateKey(p256Key: .init()).publicKey
    private let stranger = NIOSSHPrivateKey(ed25519Key: .init()).publicKey

    private var file: String {
        """
        # the demo machine's keys
        \(String(openSSHPublicKey: alice)) alice@example.com

        \(String(openSSHPublicKey: guest))
        ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 bob@example.com
        no-pty \(String(openSSHPublicKey: stranger)) carol@example.com
        ssh-ed25519 bm90IGEga2V5 dave@example.com
        """
    }

    @Test func aKeyWithAnAccountSignsInOnlyAsThatAccount() {
        let keys = AuthorizedKeys(text: file)
        #expect(keys.identity(for: alice, user: "alice@example.com") == .account("alice@example.com"))
        #expect(keys.identity(for: alice, user: "ALICE@example.com") == .account("alice@example.com"))
        #expect(keys.identity(for: alice, user: "root") == nil)
    }

    @Test func aKeyWithoutACommentOpensAGuestSessionWhateverTheUserName() {
        let keys = AuthorizedKeys(text: file)
        #expect(keys.identity(for: guest, user: "anyone") == .guest)
    }

    @Test func anUnlistedKeyIsRefused() {
        #expect(AuthorizedKeys(text: file).identity(for: stranger, user: "carol@example.com") == nil)
    }

    @Test func linesItCannotHonourAreReportedNotTrusted() {
        let keys = AuthorizedKeys(text: file)
        #expect(keys.entries.count == 2)
        #expect(keys.problems.map(\.line) == [5, 6, 7])
        #expect(keys.problems[0].reason.contains("ssh-rsa keys are not supported"))
        #expect(keys.problems[1].reason.contains("options"))
        #expect(keys.problems[2].reason.contains("does not decode"))
    }

    @Test func aMissingFileAllowsNobody() throws {
        let keys = try AuthorizedKeys.load(path: "/nonexistent/authorized_keys")
        #expect(keys.entries.isEmpty)
    }
}
