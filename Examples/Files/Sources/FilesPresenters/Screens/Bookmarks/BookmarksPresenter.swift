import ShojiPresentation

/// What the bookmarks presenter asks of the outside world.
@MainActor
package protocol BookmarksOutput: AnyObject {
    /// Go to `folder` (it becomes the start folder, as `files DIR`).
    func bookmarks(_ presenter: BookmarksPresenter, didChoose folder: BytePath)
    /// A bookmark could not be forgotten: say why.
    func bookmarks(_ presenter: BookmarksPresenter, failed message: String)
}

/// The passive bookmarks list: rows changed.
@MainActor
package protocol BookmarksView: AnyObject {
    func showRows()
}

/// The home folder and the user's bookmarks (`~`): Enter goes there, `d`
/// forgets one.
@MainActor
package final class BookmarksPresenter: ListScreenRows {
    package weak var view: BookmarksView?
    package weak var output: BookmarksOutput?
    private let store: Bookmarks
    /// Home first, then the bookmarks.
    package private(set) var folders: [BytePath] = []
    private let home: BytePath
    private var highlighted: Int?

    package init(store: Bookmarks, home: BytePath) {
        self.store = store
        self.home = home
        folders = [home] + store.load().filter { $0 != home }
    }

    package var rowCount: Int { folders.count }

    package func row(at index: Int) -> ListRow {
        ListRow(title: folders[index].description, secondary: index == 0 ? "home" : nil)
    }

    package func itemID(at index: Int) -> AnyHashable? { folders[index] }

    package func didChoose(index: Int) {
        guard folders.indices.contains(index) else { return }
        output?.bookmarks(self, didChoose: folders[index])
    }

    package func didHighlight(index: Int?) { highlighted = index }

    /// Forgets the highlighted bookmark (home stays); false when it is home or none.
    @discardableResult
    package func removeHighlighted() -> Bool {
        guard let highlighted, highlighted > 0, folders.indices.contains(highlighted) else { return false }
        do throws(BookmarkError) {
            try store.remove(folders[highlighted])
            folders.remove(at: highlighted)
            view?.showRows()
        } catch {
            output?.bookmarks(self, failed: error.description)
        }
        return true
    }
}
