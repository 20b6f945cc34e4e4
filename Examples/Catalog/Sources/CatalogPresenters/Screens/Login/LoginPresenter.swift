import CatalogModel

/// Signs in with an email and a password; one message for an unknown email
/// and a wrong password, so the form does not reveal which accounts exist.
@MainActor
package final class LoginPresenter {
    package weak var view: (any AuthFormView)?
    package weak var route: (any LoginRoute)?
    private let accounts: any Authenticating

    package init(accounts: any Authenticating) {
        self.accounts = accounts
    }

    package func didSubmit(email: String, password: String) {
        do throws(AccountError) {
            let account = try accounts.signIn(email: email, password: password)
            view?.present(nil)
            route?.loginDidSucceed(account)
        } catch {
            view?.present(error)
        }
    }

    package func didRequestSignUp() { route?.loginDidRequestSignUp() }
    package func didRequestGuest() { route?.loginDidRequestGuest() }
}
