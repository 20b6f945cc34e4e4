import CatalogModel

/// Creates an account; every validation message goes under its field.
@MainActor
package final class SignUpPresenter {
    package weak var view: (any AuthFormView)?
    package weak var output: (any SignUpOutput)?
    private let accounts: any Authenticating

    package init(accounts: any Authenticating) {
        self.accounts = accounts
    }

    package func didSubmit(email: String, password: String, confirmation: String) {
        do throws(AccountError) {
            let account = try accounts.signUp(email: email, password: password, confirmation: confirmation)
            view?.present(nil)
            output?.signUpDidSucceed(account)
        } catch {
            view?.present(error)
        }
    }

    package func didRequestLogin() { output?.signUpDidRequestLogin() }
}
