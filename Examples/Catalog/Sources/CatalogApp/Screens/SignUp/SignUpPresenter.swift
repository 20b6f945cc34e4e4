/// What the sign-up screen may ask of its coordinator.
@MainActor
public protocol SignUpRoute: AnyObject {
    func signUpDidSucceed(_ account: Account)
    func signUpDidRequestLogin()
}

/// Creates an account; every validation message goes under its field.
@MainActor
public final class SignUpPresenter {
    public weak var view: (any AuthFormView)?
    public weak var route: (any SignUpRoute)?
    private let accounts: any Authenticating

    public init(accounts: any Authenticating) {
        self.accounts = accounts
    }

    public func didSubmit(email: String, password: String, confirmation: String) {
        do throws(AccountError) {
            let account = try accounts.signUp(email: email, password: password, confirmation: confirmation)
            view?.present(nil)
            route?.signUpDidSucceed(account)
        } catch {
            view?.present(error)
        }
    }

    public func didRequestLogin() { route?.signUpDidRequestLogin() }
}
