/// What the note form's presenter may tell its view.
@MainActor
package protocol NoteFormView: AnyObject {
    /// Shows `message` under the field `id`, or clears it (nil).
    func showError(_ message: String?, forField id: String)
}
