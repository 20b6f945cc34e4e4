import CatalogModel

/// What the login screen may ask of its coordinator.
@MainActor
package protocol LoginOutput: AnyObject {
    func loginDidSucceed(_ account: Account)
    func loginDidRequestSignUp()
    func loginDidRequestGuest()
}
