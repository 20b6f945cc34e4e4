import ShojiPresentation

/// The notes list: rows from the store, and what the user asks for.
@MainActor
package final class NotesListPresenter: ListScreenRows {
    package weak var view: (any NotesListView)?
    package weak var route: (any NotesListRoute)?
    private let store: NoteStore

    package init(store: NoteStore) { self.store = store }

    package var rowCount: Int { store.notes.count }

    package func row(at index: Int) -> ListRow {
        let note = store.notes[index]
        return ListRow(title: note.title, secondary: "#\(note.id)")
    }

    package func didChoose(index: Int) { route?.notesListDidOpen(store.notes[index]) }

    package func newNote() { route?.notesListDidAskForNewNote() }

    package func deleteSelected() {
        guard let index = view?.selectedIndex, store.notes.indices.contains(index) else { return }
        route?.notesListDidAskToDelete(store.notes[index])
    }

    /// The store changed: show it again, selecting `noteID` when given.
    package func reload(selecting noteID: Int? = nil) {
        if store.notes.isEmpty {
            view?.showEmpty(message: "No notes: press n to write one")
        } else {
            view?.showRows()
        }
        if let noteID, let index = store.index(ofNote: noteID) { view?.select(index: index) }
    }
}
