import Curses
import Widgets

/// The signed-in user's favourites, as a list.
@MainActor
final class FavouritesPanelView: ListScreenPanelView, FavouritesView {
    let presenter: FavouritesPresenter

    init(presenter: FavouritesPresenter) {
        self.presenter = presenter
        // Strong captures: the view owns the presenter and the presenter holds
        // the view weakly, so there is no cycle, and the filter calls these a
        // million times (a weak load each would show).
        let rows = PresenterListDataSource(
            count: { [presenter] in presenter.rowCount },
            row: { [presenter] in presenter.row(at: $0) },
            title: { [presenter] in presenter.row(at: $0).title })
        super.init(title: "Favourites", clock: nil, rows: rows) { [weak presenter] in presenter?.didChoose(index: $0) }
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "favourites" }
}
