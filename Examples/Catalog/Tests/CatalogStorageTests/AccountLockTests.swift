import CatalogApp
import CatalogModel
import Foundation
import NIOConcurrencyHelpers
import Testing

/// C (issue 37): wrong passwords are counted per account in the storage,
/// so sessions and servers count together, and a bound of them in a row
/// locks the account for a while; run on SQLite and on PostgreSQL.
@Suite struct AccountLockTests {
    /// Three wrong passwords in a row lock for a minute, then two, ...
    private static let policy = SignInLockPolicy(bound: 3, firstLock: 60, longestLock: 180)

    /// A clock the test moves by hand.
    final class Clock: Sendable {
        private let time = NIOLockedValueBox(Date(timeIntervalSince1970: 1_800_000_000))
        var now: Date { time.withLockedValue { $0 } }
        func advance(_ seconds: TimeInterval) { time.withLockedValue { $0 += seconds } }
    }

    private func store(_ storage: any CatalogStorage, _ clock: Clock) -> AccountStore {
        AccountStore(database: storage, hasher: PasswordHasher(parameters: .cheap), policy: Self.policy, now: { clock.now })
    }

    /// Two sessions (two connections to the database) guessing at one
    /// account share its count: the third wrong password locks it for
    /// both, and then even the right one is refused until the lock ends.
    @Test(arguments: Backend.allCases)
    func wrongPasswordsFromEverySessionCountTogetherAndLockTheAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let clock = Clock()
        _ = try test.signUp("ann@example.com")
        let sessions = [store(test.storage, clock), store(try test.reopen(), clock)]
        #expect(throws: AccountError.wrongCredentials) { try sessions[0].signIn(email: "ann@example.com", password: "guess 1") }
        #expect(throws: AccountError.wrongCredentials) { try sessions[1].signIn(email: "ann@example.com", password: "guess 2") }
        #expect(throws: AccountError.accountLocked(failures: 3, minutes: 1)) {
            try sessions[0].signIn(email: "ann@example.com", password: "guess 3")
        }
        #expect(throws: AccountError.accountLocked(failures: 3, minutes: 1), "the right password, refused while locked") {
            try sessions[1].signIn(email: "ann@example.com", password: "password1")
        }
        let message = AccountError.accountLocked(failures: 10, minutes: 5).description
        #expect(message == "This account is locked after 10 wrong passwords: try again in 5 min, or ask the operator")

        // The lock expires; the next lock after more guesses lasts longer.
        clock.advance(61)
        for guess in 1...2 {
            #expect(throws: AccountError.wrongCredentials) { try sessions[guess % 2].signIn(email: "ann@example.com", password: "guess") }
        }
        #expect(throws: AccountError.accountLocked(failures: 3, minutes: 2)) {
            try sessions[0].signIn(email: "ann@example.com", password: "guess")
        }
        clock.advance(121)
        #expect(try sessions[1].signIn(email: "ann@example.com", password: "password1").email == "ann@example.com")
        let ann = try #require(try test.accounts.account(email: "ann@example.com"))
        #expect(try test.storage.signInLock(accountID: ann.id) == SignInLock(), "a success forgets the failures and the locks")
        // Counted afresh: two wrong, one right, two wrong again is no lock.
        for _ in 1...2 { _ = try? sessions[0].signIn(email: "ann@example.com", password: "guess") }
        _ = try sessions[0].signIn(email: "ann@example.com", password: "password1")
        for _ in 1...2 {
            #expect(throws: AccountError.wrongCredentials) { try sessions[1].signIn(email: "ann@example.com", password: "guess") }
        }
    }

    /// While locked, an attempt is refused before scrypt runs: an account
    /// whose stored cost parameters scrypt rejects shows whether it ran.
    @Test(arguments: Backend.allCases)
    func aLockedAccountIsRefusedWithoutRunningScrypt(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let clock = Clock()
        let broken = PasswordHasher.Hashed(salt: [1], hash: [2], parameters: .init(rounds: 3, blockSize: 8, parallelism: 1))
        let ann = try #require(try test.storage.insertAccount(email: "ann@example.com", password: broken))
        do {
            _ = try store(test.storage, clock).signIn(email: "ann@example.com", password: "x")
            Issue.record("signed in with a broken hash")
        } catch {
            #expect(error.description.hasPrefix("Could not check the password"), "scrypt runs, and fails on N = 3: \(error)")
        }
        for _ in 1...3 { _ = try test.storage.recordFailedSignIn(accountID: ann.id, policy: Self.policy, now: clock.now) }
        #expect(throws: AccountError.accountLocked(failures: 3, minutes: 1)) {
            try store(test.storage, clock).signIn(email: "ann@example.com", password: "x")
        }
    }

    /// The way back for a victim of someone else's guesses: the operator's
    /// `catalog accounts unlock`.
    @Test(arguments: Backend.allCases)
    func theOperatorUnlocksAnAccount(_ backend: Backend) throws {
        let test = try backend.makeDatabase()
        let clock = Clock()
        _ = try test.signUp("ann@example.com")
        for _ in 1...3 { _ = try? store(test.storage, clock).signIn(email: "ann@example.com", password: "guess") }
        let operatorAccounts = OperatorAccounts(database: test.storage)
        #expect(try operatorAccounts.list().first?.lock.isLocked(at: clock.now) == true)
        #expect(try operatorAccounts.unlock(" ANN@example.com") == "ann@example.com")
        #expect(try operatorAccounts.list().first?.lock == SignInLock())
        #expect(try store(test.storage, clock).signIn(email: "ann@example.com", password: "password1").email == "ann@example.com")
        #expect(throws: OperatorAccounts.Refusal.noAccount("bob@example.com")) { try operatorAccounts.unlock("bob@example.com") }
    }
}
