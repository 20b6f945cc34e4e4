import CatalogModel
import CatalogPresenters
import ShojiCurses
import ShojiWidgets

/// The Catalog tab's welcome screen.
@MainActor
final class HomePanelView: PanelView, HomeView {
    let presenter: HomePresenter
    private let detail = DetailWidget(title: "Catalog")

    init(presenter: HomePresenter) {
        self.presenter = presenter
        super.init(title: "Home")
        content = detail
        bind([.enter, .right, .character("l")], "browse") { [weak presenter] in presenter?.didPressEnter() }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    func show(title: String, summary: String, hint: String) {
        detail.title = title
        detail.paragraphs = [summary, hint]
    }
}
