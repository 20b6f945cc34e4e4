import FilesPresenters
import ShojiAppKit

/// A file's preview on screen: draws what its presenter says, keys scroll it.
final class PreviewPanelView: PanelView, PreviewView {
    let presenter: PreviewPresenter
    let detail = DetailWidget(title: "")

    init(presenter: PreviewPresenter) {
        self.presenter = presenter
        super.init(title: presenter.name)
        content = detail
        presenter.view = self
        presenter.viewDidLoad()
    }

    func show(title: String, fields: [DetailField], paragraphs: [String]) {
        detail.title = title
        detail.fields = fields
        detail.paragraphs = paragraphs
    }
}
