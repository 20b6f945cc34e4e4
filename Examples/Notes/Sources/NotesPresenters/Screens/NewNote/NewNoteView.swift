/// What the new-note presenter may tell its view.
@MainActor
package protocol NewNoteView: AnyObject {
    /// Shows `message` under the field `id`, or clears it (nil).
    func showError(_ message: String?, forField id: String)
}
