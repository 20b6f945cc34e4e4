import CatalogModel

/// Signs in with an email and a password; one message for an unknown email
/// and a wrong password, so the form does not reveal which accounts exist.
/// Wrong passwords slow the session's next attempts (`SignInThrottle`).
@MainActor
package final class LoginPresenter {
    package weak var view: (any AuthFormView)?
    package weak var output: (any LoginOutput)?
    private let accounts: any Authenticating
    private let throttle: SignInThrottle

    /// `throttle` is the session's: every login screen of one session shares it.
    package init(accounts: any Authenticating, throttle: SignInThrottle = SignInThrottle()) {
        self.accounts = accounts
        self.throttle = throttle
    }

    package func didSubmit(email: String, password: String) {
        if let seconds = throttle.secondsToWait() {
            view?.present(.tooManyAttempts(seconds: seconds))
            return
        }
        do throws(AccountError) {
            let account = try accounts.signIn(email: email, password: password)
            throttle.succeeded()
            view?.present(nil)
            output?.loginDidSucceed(account)
        } catch {
            if error == .wrongCredentials { throttle.failed() }
            view?.present(error)
        }
    }

    package func didRequestSignUp() { output?.loginDidRequestSignUp() }
    package func didRequestGuest() { output?.loginDidRequestGuest() }
}
