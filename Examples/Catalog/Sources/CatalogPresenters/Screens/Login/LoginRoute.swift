import CatalogModel

/// What the login screen may ask of its coordinator.
@MainActor
package protocol LoginRoute: AnyObject {
    func loginDidSucceed(_ account: Account)
    func loginDidRequestSignUp()
    func loginDidRequestGuest()
}
