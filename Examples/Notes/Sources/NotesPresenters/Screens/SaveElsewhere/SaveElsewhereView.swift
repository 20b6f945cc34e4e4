/// What the "Save elsewhere" presenter may tell its view.
@MainActor
package protocol SaveElsewhereView: AnyObject {
    /// Shows `message` under the field `id`, or clears it (nil).
    func showError(_ message: String?, forField id: String)
}
