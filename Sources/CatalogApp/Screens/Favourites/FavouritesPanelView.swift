import Curses
import Widgets

/// The signed-in user's favourites, as a list.
@MainActor
final class FavouritesPanelView: PanelView, FavouritesView {
    let presenter: FavouritesPresenter
    private let list: ListWidget

    init(presenter: FavouritesPresenter) {
        self.presenter = presenter
        list = ListWidget(dataSource: PresenterListDataSource(
            count: { [weak presenter] in presenter?.rowCount ?? 0 },
            row: { [weak presenter] in presenter?.row(at: $0) ?? ("", nil) },
            title: { [weak presenter] in presenter?.row(at: $0).title ?? "" }))
        super.init(title: "Favourites")
        list.onChoose = { [weak presenter] index in presenter?.didChoose(index: index) }
        content = list
        presenter.view = self
        presenter.viewDidLoad()
    }

    override var routeComponent: String? { "favourites" }
    override var isEditingText: Bool { list.isEditingText }
    override var cursorPosition: Point? { list.cursorPosition }

    func showLoading() { list.isLoading = true }

    func showRows(count: Int) {
        list.isLoading = false
        list.reloadData()
    }

    func showEmpty(message: String) {
        list.isLoading = false
        list.emptyMessage = message
        list.reloadData()
    }
}
