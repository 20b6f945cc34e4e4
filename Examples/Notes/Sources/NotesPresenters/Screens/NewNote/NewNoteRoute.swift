/// What the new-note form asks of the outside world; its coordinator answers.
@MainActor
package protocol NewNoteRoute: AnyObject {
    /// The form was filled in and saved.
    func newNoteDidSave(title: String, body: String)
    /// The user gave up on the note.
    func newNoteDidCancel()
}
