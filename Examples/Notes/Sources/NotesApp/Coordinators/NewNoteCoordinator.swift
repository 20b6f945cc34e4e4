import NotesPresenters
import ShojiAppKit

/// Writes one note in a modal form; its result is the note.
@MainActor
package final class NewNoteCoordinator: FlowCoordinator<Note> {
    private let noteID: Int
    package private(set) weak var view: NewNotePanelView?

    package init(router: any Routing, noteID: Int) {
        self.noteID = noteID
        super.init(router: router)
    }

    package override func start() {
        let presenter = NewNotePresenter()
        presenter.route = self
        let view = NewNotePanelView(presenter: presenter)
        self.view = view
        router.present(view, owner: self)
    }
}

extension NewNoteCoordinator: NewNoteRoute {
    package func newNoteDidSave(title: String, body: String) {
        finish(with: Note(id: noteID, title: title, body: body))
    }

    package func newNoteDidCancel() { cancel(.cancelledByUser) }
}
