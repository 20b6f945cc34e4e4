import ShojiAppKit

/// The notes list on screen: the kit's list screen plus `n`, `e` and `d`.
@MainActor
package final class NotesListPanelView: ListScreenView, NotesListView {
    private let presenter: NotesListPresenter

    package init(presenter: NotesListPresenter) {
        self.presenter = presenter
        super.init(title: "Notes", rows: presenter)
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    package override var routeComponent: String? { "notes" }

    package override var bindings: [KeyBinding] {
        super.bindings + [
            KeyBinding([.character("n")], "new") { [weak self] in self?.presenter.newNote() },
            KeyBinding([.character("e")], "edit") { [weak self] in self?.presenter.editSelected() },
            KeyBinding([.character("d")], "delete") { [weak self] in self?.presenter.deleteSelected() },
        ]
    }
}
