import CatalogModel

/// What the account screen may ask of its coordinator.
@MainActor
package protocol AccountOutput: AnyObject {
    /// Sign out (or, for a guest, leave guest mode for the sign-in screen).
    func accountDidRequestSignOut()
}
