@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel
@testable import CatalogServer
import Foundation
import Testing

@Suite struct CatalogAccountsTests {
    private func database() throws -> (CatalogDatabase, String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("accounts-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return (try CatalogDatabase(path: folder + "/catalog.sqlite"), folder)
    }

    @Test func aLinkedKeySignsInAsItsAccountAndUnlinkingEndsThat() throws {
        let (database, folder) = try database()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = AccountStore(database: database, hasher: PasswordHasher(parameters: .init(rounds: 1 << 10, blockSize: 8, parallelism: 1)))
        let alice = try store.signUp(email: "alice@example.com", password: "longpassword", confirmation: "longpassword")
        let bob = try store.signUp(email: "bob@example.com", password: "longpassword", confirmation: "longpassword")
        let accounts = CatalogAccounts(database: database)
        let keys = LinkedKeyStore(database: database)
        let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample"
        #expect(accounts.account(linkedTo: key) == nil)
        try keys.link(key + " root@vm", to: alice)
        #expect(accounts.account(linkedTo: key) == "alice@example.com", "the comment does not matter")
        try keys.link(key, to: bob)
        #expect(accounts.account(linkedTo: key) == "bob@example.com", "a key belongs to one account")
        try keys.unlink(key)
        #expect(accounts.account(linkedTo: key) == nil)
        #expect(accounts.accountExists("alice@example.com"))
        #expect(!accounts.accountExists("carol@example.com"))
        #expect(accounts.account(user: "alice@example.com", password: "wrong password") == nil)
    }
}
