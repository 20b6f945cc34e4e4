import Foundation
import ShojiCurses
import Testing
@testable import CatalogApp
@testable import CatalogModel
@testable import CatalogPresenters

/// Accounts in memory with the store's rules, enough to drive the presenters.
private struct FakeAccounts: Authenticating {
    func signIn(email: String, password: String) throws(AccountError) -> Account {
        guard email == "me@example.com", password == "long enough" else { throw .wrongCredentials }
        return Account(id: 1, email: email)
    }

    func signUp(email: String, password: String, confirmation: String) throws(AccountError) -> Account {
        guard email.contains("@") else { throw .malformedEmail }
        guard password.count >= 8 else { throw .passwordTooShort(minimum: 8) }
        guard password == confirmation else { throw .passwordsDiffer }
        guard email != "me@example.com" else { throw .accountExists }
        return Account(id: 2, email: email)
    }
}

/// `FakeAccounts`, counting the passwords it was asked to check.
private final class CountingAccounts: Authenticating, @unchecked Sendable {
    private(set) var checked = 0
    func signIn(email: String, password: String) throws(AccountError) -> Account {
        checked += 1
        return try FakeAccounts().signIn(email: email, password: password)
    }
    func signUp(email: String, password: String, confirmation: String) throws(AccountError) -> Account {
        try FakeAccounts().signUp(email: email, password: password, confirmation: confirmation)
    }
}

@MainActor
private final class FormSpy: AuthFormView {
    var fieldErrors: [AuthField: String] = [:]
    var formError: String?
    func showError(_ message: String?, for field: AuthField) { fieldErrors[field] = message }
    func showFormError(_ message: String?) { formError = message }
}

@MainActor
private final class AuthOutputSpy: LoginOutput, SignUpOutput, AccountOutput {
    var events: [String] = []
    func loginDidSucceed(_ account: Account) { events.append("signedIn(\(account.email))") }
    func loginDidRequestSignUp() { events.append("toSignUp") }
    func loginDidRequestGuest() { events.append("guest") }
    func signUpDidSucceed(_ account: Account) { events.append("signedUp(\(account.email))") }
    func signUpDidRequestLogin() { events.append("toLogin") }
    func accountDidRequestSignOut() { events.append("signOut") }
}

@MainActor
private final class AccountViewSpy: AccountView {
    var shown: [String] = []
    var messages: [String?] = []
    func show(identity: String, detail: String, actions: [String], message: String?) {
        shown.append("\(identity) | \(actions.joined(separator: ", "))")
        messages.append(message)
    }
}

@MainActor
private final class KeysSpy: KeyLinking {
    var linkedTo: String?
    var failure: StorageError?
    var mayLink = true
    let keyDescription = "ssh-ed25519 …AAAA"
    func isLinked(to account: Account) -> Bool { linkedTo == account.email }
    func link(to account: Account) throws(StorageError) {
        if let failure { throw failure }
        linkedTo = account.email
    }
    func unlink() throws(StorageError) { linkedTo = nil }
}

@MainActor
struct AuthPresenterTests {
    @Test func wrongCredentialsAreAFormErrorAndSuccessClearsIt() {
        let presenter = LoginPresenter(accounts: FakeAccounts())
        let view = FormSpy(), output = AuthOutputSpy()
        presenter.view = view
        presenter.output = output
        presenter.didSubmit(email: "me@example.com", password: "wrong one")
        #expect(view.formError == "Wrong email or password")
        #expect(view.fieldErrors.isEmpty)
        #expect(output.events.isEmpty)
        presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(view.formError == nil)
        #expect(output.events == ["signedIn(me@example.com)"])
    }

    /// C (issue 37): a session used to try passwords without limit. After
    /// three wrong ones, each makes the next wait (1 s, 2 s, ...), unchecked;
    /// the right one after the wait signs in and starts the count again.
    @Test func wrongPasswordsSlowTheSessionsNextAttempts() {
        var now = Duration.zero
        let throttle = SignInThrottle(now: { now })
        let accounts = CountingAccounts()
        let presenter = LoginPresenter(accounts: accounts, throttle: throttle)
        let view = FormSpy(), output = AuthOutputSpy()
        presenter.view = view
        presenter.output = output
        for _ in 0..<3 { presenter.didSubmit(email: "me@example.com", password: "guess") }
        #expect(view.formError == "Wrong email or password")
        presenter.didSubmit(email: "me@example.com", password: "guess")
        #expect(accounts.checked == 4)
        presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(view.formError == "Too many wrong passwords: try again in 1 s")
        #expect(accounts.checked == 4, "not even checked")
        #expect(output.events.isEmpty)
        now += .seconds(1)
        presenter.didSubmit(email: "me@example.com", password: "guess")
        presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(view.formError == "Too many wrong passwords: try again in 2 s")
        now += .milliseconds(1500)
        #expect(throttle.secondsToWait() == 1)
        now += .milliseconds(500)
        presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(output.events == ["signedIn(me@example.com)"])
        #expect(throttle.secondsToWait() == nil)
        presenter.didSubmit(email: "me@example.com", password: "guess")
        presenter.didSubmit(email: "me@example.com", password: "guess")
        #expect(view.formError == "Wrong email or password", "a success starts the count again")
    }

    /// The app's login screens share one throttle on the event loop's clock,
    /// not the wall's: a resize storm that typed wrong passwords slowly was
    /// throttled differently from its fast replay.
    @Test func theSessionsLoginScreensShareAThrottleOnTheLoopClock() throws {
        let clock = VirtualLoopClock()
        let accounts = CountingAccounts()
        let factory = CursesModuleFactory(
            repository: CatalogRepository(service: StubCatalogService(.success(sampleCatalog))), accounts: accounts, clock: clock)
        let output = AuthOutputSpy()
        for _ in 0..<4 {
            let login = try #require(factory.makeLogin(output: output) as? LoginPanelView)
            login.presenter.didSubmit(email: "me@example.com", password: "guess")
        }
        let login = try #require(factory.makeLogin(output: output) as? LoginPanelView)
        login.presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(accounts.checked == 4, "a new login screen is still throttled")
        clock.advance(by: .seconds(1))
        login.presenter.didSubmit(email: "me@example.com", password: "long enough")
        #expect(accounts.checked == 5)
        #expect(output.events == ["signedIn(me@example.com)"])
    }

    @Test func signUpErrorsGoUnderTheirFields() {
        let presenter = SignUpPresenter(accounts: FakeAccounts())
        let view = FormSpy(), output = AuthOutputSpy()
        presenter.view = view
        presenter.output = output
        presenter.didSubmit(email: "nope", password: "long enough", confirmation: "long enough")
        #expect(view.fieldErrors == [.email: AccountError.malformedEmail.description])
        presenter.didSubmit(email: "a@b.c", password: "short", confirmation: "short")
        #expect(view.fieldErrors == [.password: AccountError.passwordTooShort(minimum: 8).description])
        presenter.didSubmit(email: "a@b.c", password: "long enough", confirmation: "long enuff")
        #expect(view.fieldErrors == [.confirmation: AccountError.passwordsDiffer.description])
        presenter.didSubmit(email: "me@example.com", password: "long enough", confirmation: "long enough")
        #expect(view.fieldErrors == [.email: AccountError.accountExists.description])
        #expect(output.events.isEmpty)
        presenter.didSubmit(email: "a@b.c", password: "long enough", confirmation: "long enough")
        #expect(view.fieldErrors.isEmpty)
        #expect(output.events == ["signedUp(a@b.c)"])
    }

    @Test func theScreensSwitchAndTheGuestWayOutThroughTheirRoutes() {
        let output = AuthOutputSpy()
        let login = LoginPresenter(accounts: FakeAccounts())
        let signUp = SignUpPresenter(accounts: FakeAccounts())
        login.output = output
        signUp.output = output
        login.didRequestSignUp()
        signUp.didRequestLogin()
        login.didRequestGuest()
        #expect(output.events == ["toSignUp", "toLogin", "guest"])
    }

    @Test func theAccountScreenSaysWhoIsSignedIn() {
        let view = AccountViewSpy(), output = AuthOutputSpy()
        let signedIn = AccountPresenter(account: Account(id: 1, email: "me@example.com"))
        signedIn.view = view
        signedIn.output = output
        signedIn.viewDidLoad()
        let guest = AccountPresenter(account: nil)
        guest.view = view
        guest.viewDidLoad()
        signedIn.didPressSignOut()
        #expect(view.shown == ["Signed in as me@example.com | Sign out", "Browsing as a guest | Sign in"])
        #expect(output.events == ["signOut"])
    }

    /// Served with a key: the Account tab links it to the account, and unlinks it.
    @Test func aServedSessionsKeyIsLinkedAndUnlinkedFromTheAccountScreen() {
        let view = AccountViewSpy(), keys = KeysSpy()
        let presenter = AccountPresenter(account: Account(id: 1, email: "me@example.com"), keys: keys)
        presenter.view = view
        presenter.viewDidLoad()
        presenter.didPress(actionAt: 1)
        #expect(keys.linkedTo == "me@example.com")
        presenter.didPress(actionAt: 1)
        #expect(keys.linkedTo == nil)
        #expect(view.shown == [
            "Signed in as me@example.com | Sign out, Link this key",
            "Signed in as me@example.com | Sign out, Unlink this key",
            "Signed in as me@example.com | Sign out, Link this key",
        ])
        #expect(view.messages.last == "This key no longer signs you in.")
        keys.failure = StorageError(action: "link the key", error: POSIXError(.EFBIG))
        presenter.didPress(actionAt: 1)
        #expect(keys.linkedTo == nil)
        #expect(view.messages.last??.hasPrefix("Could not link the key") == true)
    }

    /// A key deleted from the server's list while its session was open: its
    /// session cannot link it and so undo the deletion.
    @Test func aKeyTheServerNoLongerAdmitsIsNotLinked() {
        let view = AccountViewSpy(), keys = KeysSpy()
        keys.mayLink = false
        let presenter = AccountPresenter(account: Account(id: 1, email: "me@example.com"), keys: keys)
        presenter.view = view
        presenter.viewDidLoad()
        presenter.didPress(actionAt: 1)
        #expect(keys.linkedTo == nil)
        #expect(view.messages.last == "This key is no longer allowed here; it cannot be linked.")
    }

    @Test func aGuestHasNoKeyToLink() {
        let view = AccountViewSpy()
        let guest = AccountPresenter(account: nil, keys: KeysSpy())
        guest.view = view
        guest.viewDidLoad()
        #expect(view.shown == ["Browsing as a guest | Sign in"])
    }
}
