import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// `f` finds, `n`/`N` go to the next and previous match; `b` bookmarks the
/// folder, `~` lists home and the bookmarks.
@MainActor
struct FindAndBookmarkTests {
    @Test func findThenNextAndPreviousWrap() {
        let loader = ImmediateLoader()
        let path = BytePath("/f")
        loader.listings[path] = ["alpha.txt", "beta.md", "gamma.txt", "delta.txt", "notes.md"].map { entry($0) }
        let presenter = DirectoryPresenter(path: path, loader: loader)
        let view = MockDirectoryView()
        presenter.view = view
        presenter.viewDidLoad()
        // Sorted: alpha.txt, beta.md, delta.txt, gamma.txt, notes.md.
        #expect(!presenter.findNext(forward: true), "nothing looked for yet: n is not used")
        presenter.find("TXT")
        #expect(view.selectedRow == 0 && view.log.last == "find “TXT”: 1 of 3")
        presenter.findNext(forward: true)
        #expect(view.selectedRow == 2)
        presenter.findNext(forward: true)
        presenter.findNext(forward: true)
        #expect(view.selectedRow == 0, "wraps to the first")
        presenter.findNext(forward: false)
        #expect(view.selectedRow == 3 && view.log.last == "find “TXT”: 3 of 3", "N wraps to the last")
        presenter.find("zzz")
        #expect(view.log.last == "find “zzz”: no entry matches" && view.selectedRow == 3)
    }

    @Test func bookmarksAreOnePathPerLineAndANewlineIsRefused() throws {
        let tree = TemporaryTree()
        let store = Bookmarks(file: tree.path + "/config/files/bookmarks")
        #expect(store.load().isEmpty)
        try store.add(BytePath("/srv/data"))
        try store.add(BytePath("/srv/data"))
        try store.add(BytePath("/home/me/src"))
        #expect(store.load() == [BytePath("/srv/data"), BytePath("/home/me/src")])
        #expect(try String(contentsOfFile: store.file, encoding: .utf8) == "/srv/data\n/home/me/src\n")
        #expect(throws: BookmarkError.newlineInPath) { try store.add(BytePath("/tmp/a\nb")) }
        try store.remove(BytePath("/srv/data"))
        #expect(store.load() == [BytePath("/home/me/src")])
        // Edited by hand: blank and relative lines are skipped.
        try "\nrelative\n/opt\n".write(toFile: store.file, atomically: true, encoding: .utf8)
        #expect(store.load() == [BytePath("/opt")])
    }

    @Test func bAddsTheFolderAndTildeGoesToABookmark() throws {
        let tree = TemporaryTree()
        tree.directory("start/sub")
        tree.directory("elsewhere")
        let holder = MockRouter()
        let files = FilesCoordinator(router: holder, root: BytePath(tree.path + "/elsewhere"), loader: SynchronousDiskLoader())
        files.bookmarks = Bookmarks(file: tree.path + "/bookmarks")
        files.home = BytePath(tree.path + "/start")
        files.start()
        let first = try #require(files.router.top?.presentable as? DirectoryPanelView)
        #expect(first.handle(.character("b")))
        #expect(files.bookmarks.load() == [BytePath(tree.path + "/elsewhere")])
        #expect(first.table.statusText?.contains("Bookmarked") == true)
        #expect(first.handle(.character("~")))
        let list = try #require(files.router.top?.presentable as? BookmarksPanelView)
        #expect(list.presenter.folders == [BytePath(tree.path + "/start"), BytePath(tree.path + "/elsewhere")])
        list.presenter.didChoose(index: 0)
        let home = try #require(files.router.top?.presentable as? DirectoryPanelView)
        #expect(home.presenter.path == BytePath(tree.path + "/start"))
        #expect(files.router.entries.count == 1 && home.presenter.leadsUp, "the bookmark is the new start folder")
        // A bookmark forgotten; home cannot be.
        _ = home.handle(.character("~"))
        let again = try #require(files.router.top?.presentable as? BookmarksPanelView)
        again.presenter.didHighlight(index: 1)
        #expect(again.presenter.removeHighlighted())
        #expect(files.bookmarks.load().isEmpty && again.presenter.folders.count == 1)
        again.presenter.didHighlight(index: 0)
        #expect(!again.presenter.removeHighlighted())
    }

    @Test func fAsksWhatToFindInASheet() throws {
        let tree = TemporaryTree()
        tree.file("one.txt", text: "")
        tree.file("two.md", text: "")
        let files = FilesCoordinator(router: MockRouter(), root: tree.bytePath, loader: SynchronousDiskLoader())
        files.start()
        let screen = try #require(files.router.top?.presentable as? DirectoryPanelView)
        #expect(screen.handle(.character("f")))
        let sheet = try #require(files.router.top?.presentable as? PromptSheet)
        sheet.result.complete("md")
        #expect(screen.presenter.findQuery?.text == "md")
        #expect(screen.table.selectedIndex == 1)
        #expect(screen.bindings.contains { $0.label == "next" && $0.keys == [.character("n")] })
    }
}
