import ShojiNavigation
import ShojiPresentation

/// The notes list: rows from the store, shown again whenever the store
/// changes, and what the user asks for.
@MainActor
package final class NotesListPresenter: ListScreenRows {
    package weak var view: (any NotesListView)?
    package weak var output: (any NotesListOutput)?
    /// The store's observation; it ends when the list leaves its stack.
    package let work = ScreenWork()
    private let store: NoteStore
    /// The note the view highlights, as it last reported (nil: none shows):
    /// the presenter's own state, never read back from the view.
    package private(set) var highlightedNoteID: Int?

    package init(store: NoteStore) { self.store = store }

    /// The view is ready: show the notes now and after every change.
    package func viewDidLoad() {
        work.observe({ [store] in store.notes }) { [weak self] notes in self?.show(notes) }
    }

    package var rowCount: Int { store.notes.count }

    package func row(at index: Int) -> ListRow {
        let note = store.notes[index]
        return ListRow(title: note.title, secondary: "#\(note.id)")
    }

    /// The note's id: the selection stays on the note when notes are added,
    /// edited or deleted.
    package func itemID(at index: Int) -> AnyHashable? {
        store.notes.indices.contains(index) ? store.notes[index].id : nil
    }

    package func didChoose(index: Int) { output?.notesListDidOpen(store.notes[index]) }

    package func didHighlight(index: Int?) {
        highlightedNoteID = index.flatMap { store.notes.indices.contains($0) ? store.notes[$0].id : nil }
    }

    /// Asks for a new note; once it is saved, it is selected.
    package func newNote() {
        output?.notesListDidAskForNewNote { [weak self] note in self?.select(noteID: note.id) }
    }

    package func editSelected() {
        guard let note = selectedNote else { return }
        output?.notesListDidAskToEdit(note)
    }

    package func deleteSelected() {
        guard let note = selectedNote else { return }
        output?.notesListDidAskToDelete(note)
    }

    /// Selects the note `noteID` (one just written, or a deep link's), with
    /// the rows as the store has them now: the store's change reaches the
    /// list only after this turn.
    package func select(noteID: Int) {
        guard let index = store.index(ofNote: noteID) else { return }
        show(store.notes)
        view?.select(index: index)
    }

    private var selectedNote: Note? { highlightedNoteID.flatMap(store.note(id:)) }

    private func show(_ notes: [Note]) {
        if notes.isEmpty {
            view?.showEmpty(message: "No notes: press n to write one")
        } else {
            view?.showRows()
        }
    }
}
