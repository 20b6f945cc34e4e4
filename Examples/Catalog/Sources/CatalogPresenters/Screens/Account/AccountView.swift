import CatalogModel

/// What the account screen may tell its view.
@MainActor
package protocol AccountView: AnyObject {
    /// Who is using the app, a line of detail, the buttons (the first is sign
    /// out / sign in) and the outcome of the last action, if any.
    func show(identity: String, detail: String, actions: [String], message: String?)
}
