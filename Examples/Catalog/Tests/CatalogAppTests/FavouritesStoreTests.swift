import Foundation
import Testing
@testable import CatalogApp

/// What FavouritesStore adds over its storage (whose contract,
/// on SQLite and PostgreSQL, is in CatalogStorageTests).
@Suite struct FavouritesStoreTests {
    private func signedUp(_ test: TestDatabase, _ email: String) throws -> Account {
        try test.accounts.signUp(email: email, password: "password1", confirmation: "password1")
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
