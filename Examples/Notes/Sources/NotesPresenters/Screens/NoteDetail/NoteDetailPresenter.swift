import ShojiNavigation
import ShojiPresentation

/// One note's screen state: the note as the store has it now (an edit shows
/// at once), and `e` and `d`, which it asks its route for.
@MainActor
package final class NoteDetailPresenter {
    package weak var view: (any NoteDetailView)?
    package weak var output: (any NoteDetailOutput)?
    /// The store's observation; it ends when the detail leaves its stack.
    package let work = ScreenWork()
    private let store: NoteStore
    /// The note shown: its id stays, its text follows the store.
    package private(set) var note: Note

    package init(note: Note, store: NoteStore) {
        self.note = note
        self.store = store
    }

    /// The view is ready: show the note now and after every change of it.
    package func viewDidLoad() {
        show()
        work.observe({ [store, id = note.id] in store.note(id: id) }) { [weak self] note in
            guard let self, let note else { return }
            self.note = note
            show()
        }
    }

    /// `e`: edit the note.
    package func edit() { output?.noteDetailDidAskToEdit(note) }

    /// `d`: delete the note (the route asks first).
    package func delete() { output?.noteDetailDidAskToDelete(note) }

    private func show() {
        view?.show(title: note.title, fields: [DetailField("Id", "#\(note.id)")], body: note.body)
    }
}
