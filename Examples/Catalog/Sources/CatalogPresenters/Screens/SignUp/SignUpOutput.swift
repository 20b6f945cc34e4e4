import CatalogModel

/// What the sign-up screen may ask of its coordinator.
@MainActor
package protocol SignUpOutput: AnyObject {
    func signUpDidSucceed(_ account: Account)
    func signUpDidRequestLogin()
}
