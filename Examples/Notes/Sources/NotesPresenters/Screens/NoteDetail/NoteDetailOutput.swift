/// What a note's detail asks of the outside world; its coordinator answers.
@MainActor
package protocol NoteDetailOutput: AnyObject {
    /// `e`: edit the note shown.
    func noteDetailDidAskToEdit(_ note: Note)
    /// `d`: delete the note shown (after asking), and leave it.
    func noteDetailDidAskToDelete(_ note: Note)
}
