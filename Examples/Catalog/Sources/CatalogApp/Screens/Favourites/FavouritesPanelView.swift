import ShojiCurses
import ShojiWidgets

/// The signed-in user's favourites, as a list.
@MainActor
final class FavouritesPanelView: ListScreenPanelView, FavouritesView {
    let presenter: FavouritesPresenter

    init(presenter: FavouritesPresenter) {
        self.presenter = presenter
        super.init(title: "Favourites", clock: nil, rows: presenter)
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "favourites" }
}
