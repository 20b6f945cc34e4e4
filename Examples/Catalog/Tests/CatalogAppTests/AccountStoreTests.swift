import Foundation
import Testing
@testable import CatalogApp
@testable import CatalogSQLite
@testable import CatalogModel
@testable import CatalogPresenters

/// A database in a fresh temporary directory, with cheap scrypt parameters.
struct TestDatabase {
    let directory: TemporaryDirectory
    let database: CatalogDatabase

    init() throws {
        directory = try TemporaryDirectory()
        database = try CatalogDatabase(path: directory.file("catalog.sqlite"))
    }

    var accounts: AccountStore { AccountStore(database: database, hasher: PasswordHasher(parameters: .fastForTesting)) }
}

@Suite struct AccountStoreTests {
    @Test func wrongPasswordAndUnknownUserGiveTheSameError() throws {
        let test = try TestDatabase()
        _ = try test.accounts.signUp(email: "ann@example.com", password: "password1", confirmation: "password1")
        let wrongPassword = #expect(throws: AccountError.self) { try test.accounts.signIn(email: "ann@example.com", password: "password2") }
        let unknownUser = #expect(throws: AccountError.self) { try test.accounts.signIn(email: "bob@example.com", password: "password1") }
        #expect(wrongPassword == .wrongCredentials)
        #expect(unknownUser == .wrongCredentials)
        #expect(wrongPassword?.description == unknownUser?.description)
    }

    @Test(arguments: ["", "ann", "ann@", "@example.com", "ann@example", "ann@@example.com", "a nn@example.com", "ann@example..com",
                      "ann\u{202E}moc.elpmaxe@x.com", "an\u{200B}n@example.com", "ann@exa\u{2066}mple.com", "ann\u{1B}@example.com"])
    func malformedEmail(_ email: String) throws {
        let test = try TestDatabase()
        #expect(throws: AccountError.malformedEmail) {
            try test.accounts.signUp(email: email, password: "password1", confirmation: "password1")
        }
    }

    @Test func shortPasswordAndDifferingConfirmation() throws {
        let test = try TestDatabase()
        #expect(throws: AccountError.passwordTooShort(minimum: 8)) {
            try test.accounts.signUp(email: "ann@example.com", password: "1234567", confirmation: "1234567")
        }
        #expect(throws: AccountError.passwordsDiffer) {
            try test.accounts.signUp(email: "ann@example.com", password: "password1", confirmation: "password2")
        }
        #expect(AccountError.passwordTooShort(minimum: 8).description == "The password must have at least 8 characters")
    }

    @Test func passwordIsStoredOnlyAsASaltedHash() throws {
        let test = try TestDatabase()
        let password = "unmistakable-secret-9731"
        _ = try test.accounts.signUp(email: "ann@example.com", password: password, confirmation: password)
        _ = try test.accounts.signUp(email: "bob@example.com", password: password, confirmation: password)
        let ann = try #require(try test.accounts.storedCredentials(email: "ann@example.com")).password
        let bob = try #require(try test.accounts.storedCredentials(email: "bob@example.com")).password
        for stored in [ann, bob] {
            #expect(stored.hash.count == 32 && stored.hash != Array(password.utf8))
            #expect(stored.salt.count == 16)
            #expect(stored.parameters == .fastForTesting)
        }
        #expect(ann.salt != bob.salt && ann.hash != bob.hash, "each account has its own salt")

        let files = try FileManager.default.contentsOfDirectory(atPath: test.directory.path)
        for file in files {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: test.directory.file(file)))
            #expect(bytes.range(of: Data(password.utf8)) == nil, "password found in \(file)")
        }
    }

    @Test func constantTimeComparison() {
        #expect(PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2, 3]))
        #expect(!PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2, 4]))
        #expect(!PasswordHasher.constantTimeEqual([1, 2, 3], [1, 2]))
    }
}
