import Curses
import Widgets

/// The signed-in user's favourites, as a list.
@MainActor
final class FavouritesPanelView: ListScreenPanelView, FavouritesView {
    let presenter: FavouritesPresenter

    init(presenter: FavouritesPresenter) {
        self.presenter = presenter
        let rows = PresenterListDataSource(
            count: { [weak presenter] in presenter?.rowCount ?? 0 },
            row: { [weak presenter] in presenter?.row(at: $0) ?? ("", nil) },
            title: { [weak presenter] in presenter?.row(at: $0).title ?? "" })
        super.init(title: "Favourites", clock: nil, rows: rows) { [weak presenter] in presenter?.didChoose(index: $0) }
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "favourites" }
}
