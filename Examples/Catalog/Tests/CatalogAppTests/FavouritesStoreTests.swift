import Foundation
import Synchronization
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

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
        final class Calls: Sendable { let count = Atomic(0) }
        let calls = Calls()
        var observation: FavouritesObservation? = store.observe { _ in calls.count.add(1, ordering: .relaxed) }
        try store.add("a", for: ann)
        _ = observation
        observation = nil
        try store.add("b", for: ann)
        #expect(calls.count.load(ordering: .relaxed) == 1)
    }
}
