/// What the sign-in and sign-up screens need from the account store.
package protocol Authenticating: Sendable {
    func signIn(email: String, password: String) throws(AccountError) -> Account
    func signUp(email: String, password: String, confirmation: String) throws(AccountError) -> Account
}

extension AccountStore: Authenticating {}
