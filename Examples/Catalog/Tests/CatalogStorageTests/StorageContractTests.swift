import CatalogApp
import CatalogModel
import Foundation
import NIOConcurrencyHelpers
import Testing

/// What every `CatalogStorage` guarantees, run on SQLite and on PostgreSQL:
/// the stores behave the same whichever database keeps their rows.
@Suite struct StorageContractTests {
    // MARK: Accounts

    @Test(arguments: Backend.allCases)
    func signUpThenSignIn(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let created = try test.accounts.signUp(email: "  Ann@Example.COM ", password: "correct horse", confirmation: "correct horse")
        #expect(created.email == "ann@example.com")
        #expect(try test.accounts.signIn(email: "ann@example.com", password: "correct horse") == created)
        #expect(try test.accounts.account(email: "ANN@example.com") == created)
        #expect(try test.accounts.account(email: "bob@example.com") == nil)
    }

    @Test(arguments: Backend.allCases)
    func anEmailHasOneAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let ann = try test.signUp("ann@example.com")
        #expect(throws: AccountError.accountExists) {
            try test.accounts.signUp(email: "ANN@example.com ", password: "password2", confirmation: "password2")
        }
        #expect(throws: AccountError.wrongCredentials) { try test.accounts.signIn(email: "ann@example.com", password: "password2") }
        #expect(try test.accounts.signIn(email: "ann@example.com", password: "password1") == ann)
    }

    /// Two servers signing up the same email at the same moment: the
    /// database's unique constraint lets exactly one through.
    @Test(arguments: Backend.allCases)
    func simultaneousSignUpsOfOneEmailMakeOneAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let servers = [test.storage, try test.reopen()]
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 8) { attempt in
            let store = AccountStore(database: servers[attempt % 2], hasher: PasswordHasher(parameters: .cheap))
            do {
                _ = try store.signUp(email: "ann@example.com", password: "password\(attempt)", confirmation: "password\(attempt)")
                outcomes.record("created")
            } catch {
                outcomes.record("\(error)")
            }
        }
        #expect(outcomes.sorted == ["An account with this email already exists"] * 7 + ["created"])
    }

    @Test(arguments: Backend.allCases)
    func passwordsAreKeptOnlyAsSaltedScryptHashes(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let password = "unmistakable-secret-9731"
        for email in ["ann@example.com", "bob@example.com"] {
            _ = try test.accounts.signUp(email: email, password: password, confirmation: password)
        }
        let ann = try #require(try test.storage.credentials(email: "ann@example.com")).password
        let bob = try #require(try test.storage.credentials(email: "bob@example.com")).password
        for stored in [ann, bob] {
            #expect(stored.hash.count == 32 && stored.hash != Array(password.utf8))
            #expect(stored.salt.count == 16)
            #expect(stored.parameters == .cheap)
        }
        #expect(ann.salt != bob.salt && ann.hash != bob.hash, "each account has its own salt")
    }

    // MARK: Favourites

    @Test(arguments: Backend.allCases)
    func favouritesKeepTheOrderTheyWereAddedIn(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let ann = try test.signUp("ann@example.com")
        let store = FavouritesStore(database: test.storage)
        try store.add("iphone-x", for: ann)
        try store.add("iphone", for: ann)
        try store.add("iphone-x", for: ann)  // already there: order unchanged
        #expect(try store.list(for: ann) == ["iphone-x", "iphone"])
        #expect(try store.toggle("iphone-15", for: ann))
        #expect(try !store.toggle("iphone-x", for: ann))
        #expect(try store.list(for: ann) == ["iphone", "iphone-15"])
        #expect(try store.contains("iphone-15", for: ann))
        try store.remove("iphone", for: ann)
        #expect(try store.list(for: ann) == ["iphone-15"])
        #expect(try !store.contains("iphone", for: ann))
    }

    @Test(arguments: Backend.allCases)
    func favouritesArePerAccountAndSeenByEveryProcess(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let ann = try test.signUp("ann@example.com")
        let bob = try test.signUp("bob@example.com")
        try FavouritesStore(database: test.storage).add("iphone-4", for: ann)
        try FavouritesStore(database: test.storage).add("iphone-5", for: bob)

        let other = FavouritesStore(database: try test.reopen())
        #expect(try other.list(for: ann) == ["iphone-4"])
        #expect(try other.list(for: bob) == ["iphone-5"])
        try other.toggle("iphone-4", for: ann)
        #expect(try FavouritesStore(database: test.storage).list(for: ann) == [])
    }

    @Test(arguments: Backend.allCases)
    func observersHearEveryChangeUntilCancelled(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let ann = try test.signUp("ann@example.com")
        let store = FavouritesStore(database: test.storage)
        let heard = Outcomes()
        let observation = store.observe { change in heard.record(change.itemIDs.joined(separator: ",")) }
        try store.add("a", for: ann)
        try store.toggle("b", for: ann)
        try store.toggle("a", for: ann)
        observation.cancel()
        try store.add("c", for: ann)
        #expect(heard.all == ["a", "a,b", "b"])
    }

    /// A change that fails partway leaves nothing behind: the toggle's
    /// insert breaks the account reference after its delete ran.
    @Test(arguments: Backend.allCases)
    func aFailedChangeIsRolledBackWhole(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let ann = try test.signUp("ann@example.com")
        try FavouritesStore(database: test.storage).add("iphone", for: ann)
        let ghost = Account(id: ann.id + 1000, email: "ghost@example.com")
        #expect(throws: StorageError.self) { try FavouritesStore(database: test.storage).toggle("iphone", for: ghost) }
        #expect(try test.storage.favourites(accountID: ann.id) == ["iphone"])
        #expect(try test.storage.favourites(accountID: ghost.id) == [])
    }

    // MARK: Saved paths

    @Test(arguments: Backend.allCases)
    func onePathIsSavedPerUserAndForTheGuest(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let paths = PathStore(database: test.storage)
        #expect(try paths.load(for: .guest) == nil)
        try paths.save("catalog/iphone-x", for: .guest)
        try paths.save("favourites", for: .account(email: "ann@example.com"))
        try paths.save("account", for: .account(email: "Ann@Example.com"))
        #expect(try paths.load(for: .guest) == "catalog/iphone-x")
        #expect(try paths.load(for: .account(email: "ann@example.com")) == "account")
        #expect(try paths.load(for: .account(email: "bob@example.com")) == nil)
        #expect(try PathStore(database: try test.reopen()).load(for: .guest) == "catalog/iphone-x")
    }

    // MARK: Linked keys

    @Test(arguments: Backend.allCases)
    func aKeyBelongsToOneAccountAtATime(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let alice = try test.signUp("alice@example.com")
        let bob = try test.signUp("bob@example.com")
        let keys = LinkedKeyStore(database: test.storage)
        let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIExample"
        #expect(try keys.account(linkedTo: key) == nil)
        try keys.link(key + " root@vm", to: alice)
        #expect(try keys.account(linkedTo: key) == "alice@example.com", "the comment does not matter")
        try keys.link(key, to: bob)
        #expect(try LinkedKeyStore(database: try test.reopen()).account(linkedTo: key) == "bob@example.com")
        try keys.unlink(key)
        #expect(try keys.account(linkedTo: key) == nil)
    }

    // MARK: Schema

    /// Servers starting together on a new database: one creates the tables,
    /// the others wait for it and find them made.
    @Test(arguments: Backend.allCases)
    func manyServersOpeningANewDatabaseAtOnceAllStart(_ backend: Backend) throws {
        let open = try backend.newDatabase()
        let outcomes = Outcomes()
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            do {
                _ = try open()
                outcomes.record("opened")
            } catch {
                outcomes.record("\(error)")
            }
        }
        #expect(outcomes.all == ["opened"] * 6)
        _ = try TestStorage(open).signUp("ann@example.com")
    }
}

/// What concurrent attempts reported, in the order they did.
final class Outcomes: Sendable {
    private let outcomes = NIOLockedValueBox<[String]>([])

    func record(_ outcome: String) { outcomes.withLockedValue { $0.append(outcome) } }

    var all: [String] { outcomes.withLockedValue { $0 } }

    var sorted: [String] { all.sorted() }
}

func * (element: [String], count: Int) -> [String] {
    Array(repeating: element, count: count).flatMap { $0 }
}
