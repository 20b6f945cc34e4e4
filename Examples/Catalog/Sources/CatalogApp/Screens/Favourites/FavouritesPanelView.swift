import CatalogModel
import CatalogPresenters
import ShojiAppKit

/// The signed-in user's favourites, as a list.
@MainActor
final class FavouritesPanelView: ListScreenView, FavouritesView {
    let presenter: FavouritesPresenter

    init(presenter: FavouritesPresenter) {
        self.presenter = presenter
        super.init(title: "Favourites", rows: presenter)
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }
}
