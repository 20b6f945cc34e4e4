import ShojiPresentation

/// What the note detail presenter may tell its view.
@MainActor
package protocol NoteDetailView: AnyObject {
    /// Shows the note: its title, its fields and its body.
    func show(title: String, fields: [DetailField], body: String)
}
