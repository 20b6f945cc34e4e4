import Foundation
import Testing
@testable import CatalogApp

@Suite struct FavouritesStoreTests {
    private func signedUp(_ test: TestDatabase, _ email: String) throws -> Account {
        try test.accounts.signUp(email: email, password: "password1", confirmation: "password1")
    }

    @Test func addRemoveToggleKeepAddedOrder() throws {
        let test = try TestDatabase()
        let ann = try signedUp(test, "ann@example.com")
        let store = FavouritesStore(database: test.database)
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

    @Test func favouritesArePerAccountAndPersistAcrossReopen() throws {
        let test = try TestDatabase()
        let ann = try signedUp(test, "ann@example.com")
        let bob = try signedUp(test, "bob@example.com")
        try FavouritesStore(database: test.database).add("iphone-4", for: ann)
        try FavouritesStore(database: test.database).add("iphone-5", for: bob)

        let reopened = try CatalogDatabase(path: test.directory.file("catalog.sqlite"))
        let store = FavouritesStore(database: reopened)
        #expect(try store.list(for: ann) == ["iphone-4"])
        #expect(try store.list(for: bob) == ["iphone-5"])
    }

    @Test func observersHearEveryChangeUntilCancelled() throws {
        let test = try TestDatabase()
        let ann = try signedUp(test, "ann@example.com")
        let store = FavouritesStore(database: test.database)
        let heard = Locked<[[String]]>([])
        let observation = store.observe { change in heard.withLock { $0.append(change.itemIDs) } }
        try store.add("a", for: ann)
        try store.toggle("b", for: ann)
        try store.toggle("a", for: ann)
        observation.cancel()
        try store.add("c", for: ann)
        #expect(heard.withLock { $0 } == [["a"], ["a", "b"], ["b"]])
    }

    @Test func releasingTheObservationStopsCallbacks() throws {
        let test = try TestDatabase()
        let ann = try signedUp(test, "ann@example.com")
        let store = FavouritesStore(database: test.database)
        let count = Locked(0)
        var observation: FavouritesObservation? = store.observe { _ in count.withLock { $0 += 1 } }
        try store.add("a", for: ann)
        _ = observation
        observation = nil
        try store.add("b", for: ann)
        #expect(count.withLock { $0 } == 1)
    }
}

@Suite struct PathStoreTests {
    @Test func savesOnePathPerUserAndGuest() throws {
        let test = try TestDatabase()
        let paths = PathStore(database: test.database)
        #expect(try paths.load(for: .guest) == nil)
        try paths.save("catalog/iphone-x", for: .guest)
        try paths.save("favourites", for: .account(email: "ann@example.com"))
        try paths.save("account", for: .account(email: "Ann@Example.com"))
        #expect(try paths.load(for: .guest) == "catalog/iphone-x")
        #expect(try paths.load(for: .account(email: "ann@example.com")) == "account")
        #expect(try paths.load(for: .account(email: "bob@example.com")) == nil)

        let reopened = PathStore(database: try CatalogDatabase(path: test.directory.file("catalog.sqlite")))
        #expect(try reopened.load(for: .guest) == "catalog/iphone-x")
    }
}
