/// What the login screen may ask of its coordinator.
@MainActor
public protocol LoginRoute: AnyObject {
    func loginDidSucceed(_ account: Account)
    func loginDidRequestSignUp()
    func loginDidRequestGuest()
}

/// Signs in with an email and a password; one message for an unknown email
/// and a wrong password, so the form does not reveal which accounts exist.
@MainActor
public final class LoginPresenter {
    public weak var view: (any AuthFormView)?
    public weak var route: (any LoginRoute)?
    private let accounts: any Authenticating

    public init(accounts: any Authenticating) {
        self.accounts = accounts
    }

    public func didSubmit(email: String, password: String) {
        do throws(AccountError) {
            let account = try accounts.signIn(email: email, password: password)
            view?.present(nil)
            route?.loginDidSucceed(account)
        } catch {
            view?.present(error)
        }
    }

    public func didRequestSignUp() { route?.loginDidRequestSignUp() }
    public func didRequestGuest() { route?.loginDidRequestGuest() }
}
