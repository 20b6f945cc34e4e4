import NotesPresenters
import ShojiAppKit

/// The notes list on screen: the kit's list screen plus `n`, `e` and `d`.
@MainActor
package final class NotesListPanelView: ListScreenView, NotesListView {
    private let presenter: NotesListPresenter

    package init(presenter: NotesListPresenter) {
        self.presenter = presenter
        super.init(title: "Notes", rows: presenter)
        bind([.character("n")], "new") { [weak self] in self?.presenter.newNote() }
        bind([.character("e")], "edit") { [weak self] in self?.presenter.editSelected() }
        bind([.character("d")], "delete") { [weak self] in self?.presenter.deleteSelected() }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }
}
