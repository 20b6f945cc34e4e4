import NotesPresenters
import ShojiAppKit

/// One note on screen; ends when its screen leaves the stack. Its `e` and
/// `d` go to the notes flow (`notes`), which edits and deletes for the list too.
@MainActor
package final class NoteDetailCoordinator: Coordinator {
    package let note: Note
    private let store: NoteStore
    private weak var notes: NotesCoordinator?
    /// The note's screen, once made: what leaves after a delete.
    private weak var screen: NoteDetailPanelView?

    package init(router: any Routing, note: Note, store: NoteStore, notes: NotesCoordinator?) {
        self.note = note
        self.store = store
        self.notes = notes
        super.init(router: router)
    }

    package func makeModule() -> NoteDetailPanelView {
        let presenter = NoteDetailPresenter(note: note, store: store)
        presenter.output = self
        let view = NoteDetailPanelView(presenter: presenter)
        view.routeComponent = String(note.id)
        screen = view
        return view
    }

    package override func start() { router.push(makeModule(), owner: self) }
}

extension NoteDetailCoordinator: NoteDetailOutput {
    package func noteDetailDidAskToEdit(_ note: Note) { notes?.showEdit(note) }

    /// Once deleted, the note's screen leaves (back to the list).
    package func noteDetailDidAskToDelete(_ note: Note) {
        notes?.confirmDelete(note) { [weak self] in
            guard let self, let screen, router.pop(to: screen) else { return }
            router.pop()
        }
    }
}
