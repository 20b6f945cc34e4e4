import NotesPresenters
import ShojiAppKit

/// One note, scrollable, with `e` and `d` as on the list.
@MainActor
package final class NoteDetailPanelView: PanelView, NoteDetailView {
    private let presenter: NoteDetailPresenter
    private let detail = DetailWidget(title: "")

    package init(presenter: NoteDetailPresenter) {
        self.presenter = presenter
        super.init()
        content = detail
        bind([.character("e")], "edit") { [weak self] in self?.presenter.edit() }
        bind([.character("d")], "delete") { [weak self] in self?.presenter.delete() }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    package func show(title: String, fields: [DetailField], body: String) {
        self.title = title
        detail.title = title
        detail.fields = fields
        detail.paragraphs = [body]
    }
}
