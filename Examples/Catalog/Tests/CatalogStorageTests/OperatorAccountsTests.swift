import CatalogApp
import CatalogModel
import Foundation
import Testing

/// H (issue 37): keys are bound to accounts by the operator's command on
/// the database, which knows who made each account; run on SQLite and on
/// PostgreSQL.
@Suite struct OperatorAccountsTests {
    private let key = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOps0000000000000000000000000000000000000000"
    private let otherKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOther000000000000000000000000000000000000"

    /// A missing account is made for the key, the operator's and without a
    /// password: no password signs in to it, and a visitor cannot sign the
    /// email up afterwards.
    @Test(arguments: Backend.allCases)
    func linkingAKeyMakesTheOperatorsAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let accounts = OperatorAccounts(database: test.storage)
        let linked = try accounts.linkKey(key + " ops@laptop", to: "Ops@Example.com", takeOver: false)
        #expect(linked.account.email == "ops@example.com" && linked.created && !linked.tookOver)
        #expect(try LinkedKeyStore(database: test.storage).link(of: key) == KeyLink(email: "ops@example.com", byOperator: true))
        #expect(throws: AccountError.accountExists) {
            try test.accounts.signUp(email: "ops@example.com", password: "password1", confirmation: "password1")
        }
        #expect(throws: AccountError.wrongCredentials) { try test.accounts.signIn(email: "ops@example.com", password: "") }
        // A second key joins the same account.
        #expect(try accounts.linkKey(otherKey, to: "ops@example.com", takeOver: false).created == false)
        let listed = try #require(try accounts.list(email: "ops@example.com").first)
        #expect(listed.ownedByOperator && listed.keys.map(\.publicKey).sorted() == [key, otherKey].sorted())
    }

    /// A visitor signed the email up first: refused, with what to do; with
    /// `takeOver` the visitor's account and its data are deleted and a new
    /// one made, so the operator never receives them.
    @Test(arguments: Backend.allCases)
    func aVisitorsEmailIsRefusedUnlessTakenOverWhichDeletesTheirData(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let visitor = try test.signUp("ops@example.com")
        try FavouritesStore(database: test.storage).add("iphone-x", for: visitor)
        try LinkedKeyStore(database: test.storage).link(otherKey, to: visitor)
        let accounts = OperatorAccounts(database: test.storage)
        #expect(throws: OperatorAccounts.Refusal.visitorAccount("ops@example.com")) {
            try accounts.linkKey(key, to: "ops@example.com", takeOver: false)
        }
        #expect(OperatorAccounts.Refusal.visitorAccount("ops@example.com").description.contains("--take-over"))
        #expect(try LinkedKeyStore(database: test.storage).link(of: key) == nil, "nothing linked")

        let taken = try accounts.linkKey(key, to: "ops@example.com", takeOver: true)
        #expect(taken.tookOver && taken.created && taken.account.id != visitor.id)
        #expect(try FavouritesStore(database: test.storage).list(for: taken.account).isEmpty, "the visitor's favourites are gone")
        #expect(try LinkedKeyStore(database: test.storage).link(of: otherKey) == nil, "and their keys")
        #expect(throws: AccountError.wrongCredentials, "and their password") {
            try test.accounts.signIn(email: "ops@example.com", password: "password1")
        }
    }

    @Test(arguments: Backend.allCases)
    func unlinkingAKeySaysFromWhichAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let accounts = OperatorAccounts(database: test.storage)
        _ = try accounts.linkKey(key, to: "ops@example.com", takeOver: false)
        #expect(try accounts.unlinkKey(key) == "ops@example.com")
        #expect(throws: OperatorAccounts.Refusal.keyNotLinked) { try accounts.unlinkKey(key) }
        #expect(throws: OperatorAccounts.Refusal.malformedEmail("nobody")) { try accounts.linkKey(key, to: "nobody", takeOver: false) }
    }
}
