/// What the notes list asks of the outside world; its coordinator answers.
@MainActor
package protocol NotesListOutput: AnyObject {
    /// Enter on a note: show it.
    func notesListDidOpen(_ note: Note)
    /// `n`: write a new note; `saved` gets it once it is in the store.
    func notesListDidAskForNewNote(then saved: @escaping @MainActor (Note) -> Void)
    /// `e` on a note: edit it.
    func notesListDidAskToEdit(_ note: Note)
    /// `d` on a note: delete it (after asking).
    func notesListDidAskToDelete(_ note: Note)
}
