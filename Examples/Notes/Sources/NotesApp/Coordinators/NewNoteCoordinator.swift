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
        presenter.onSave = { [weak self] title, body in
            guard let self else { return }
            finish(with: Note(id: noteID, title: title, body: body))
        }
        presenter.onCancel = { [weak self] in self?.cancel(.cancelledByUser) }
        let view = NewNotePanelView(presenter: presenter)
        self.view = view
        router.present(view, owner: self)
    }
}
