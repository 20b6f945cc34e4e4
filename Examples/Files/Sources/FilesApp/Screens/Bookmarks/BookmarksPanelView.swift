import FilesPresenters
import ShojiAppKit

/// The bookmarks as a list: Enter goes to one, `d` forgets it.
@MainActor
final class BookmarksPanelView: ListScreenView, BookmarksView {
    let presenter: BookmarksPresenter

    init(presenter: BookmarksPresenter) {
        self.presenter = presenter
        super.init(title: "Bookmarks", rows: presenter)
        list.emptyMessage = "No bookmarks: b in a folder adds it"
        bind([.character("d"), .delete], "forget") { [weak self] in self?.presenter.removeHighlighted() }
        presenter.view = self
    }
}
