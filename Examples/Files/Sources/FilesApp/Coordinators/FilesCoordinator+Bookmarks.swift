import FilesPresenters
import ShojiAppKit

/// Find (`f`), bookmarks (`b`, `~`).
extension FilesCoordinator: BookmarksOutput {
    func directoryDidAskToFind(_ presenter: DirectoryPresenter) {
        presentSheet(PromptSheet(title: "Find", label: "Name contains", text: presenter.findQuery?.text ?? "",
                                 answer: "Find")) { [weak presenter] outcome in
            if let text = outcome.value { presenter?.find(text) }
        }
    }

    func directoryDidAskToBookmark(_ presenter: DirectoryPresenter) {
        do throws(BookmarkError) {
            try bookmarks.add(presenter.path)
            presenter.note("Bookmarked; ~ lists the bookmarks")
        } catch {
            presentAlert(.notice("Cannot bookmark", message: error.description))
        }
    }

    func directoryDidAskForBookmarks(_ presenter: DirectoryPresenter) {
        let list = BookmarksPresenter(store: bookmarks, home: home)
        list.output = self
        router.push(BookmarksPanelView(presenter: list), owner: self)
    }

    func bookmarks(_ presenter: BookmarksPresenter, didChoose folder: BytePath) {
        guard DirectoryReader.directoryExists(folder) else {
            presentAlert(.notice("Cannot open the bookmark", message: "\(folder) is not a folder (any more)."))
            return
        }
        startOver(at: folder)
    }

    func bookmarks(_ presenter: BookmarksPresenter, failed message: String) {
        presentAlert(.notice("Cannot forget the bookmark", message: message))
    }
}
