import NotesPresenters
import ShojiAppKit

/// One note, scrollable.
@MainActor
package final class NoteDetailPanelView: PanelView, NoteDetailView {
    private let presenter: NoteDetailPresenter
    private let detail = DetailWidget(title: "")

    package init(presenter: NoteDetailPresenter) {
        self.presenter = presenter
        super.init()
        content = detail
        presenter.view = self
        presenter.viewDidLoad()
    }

    package func show(title: String, fields: [DetailField], body: String) {
        self.title = title
        detail.title = title
        detail.fields = fields
        detail.paragraphs = [body]
    }
}
