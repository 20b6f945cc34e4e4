import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// `files [DIR]`: the start folder is where the stack starts, not a fence;
/// `--restore` from anywhere; `--choose-dir`.
@MainActor
struct StartFolderTests {
    let tree = TemporaryTree()
    let holder = MockRouter()
    let loader = SynchronousDiskLoader()

    init() {
        tree.directory("one/two")
        tree.file("one/two/notes.txt", text: "hello")
    }

    private func top(_ files: FilesCoordinator) -> DirectoryPanelView? {
        files.router.top?.presentable as? DirectoryPanelView
    }

    @Test func backAtTheStartFolderOpensItsParentWithTheFolderSelected() throws {
        let start = BytePath(tree.path + "/one/two")
        let files = FilesCoordinator(router: holder, root: start, loader: loader)
        files.start()
        let bottom = try #require(top(files))
        #expect(bottom.presenter.leadsUp)
        #expect(bottom.handle(.left), "the screen's binding takes back at the bottom")
        let parent = try #require(top(files))
        #expect(parent.presenter.path == BytePath(tree.path + "/one"))
        #expect(files.router.entries.count == 1, "the parent replaces the stack")
        #expect(parent.presenter.highlightedEntry?.name == Array("two".utf8))
        #expect(parent.title == tree.path + "/one")
        #expect(files.currentDirectory == BytePath(tree.path + "/one"))
        // All the way up: `/` is the end.
        for _ in 0..<BytePath(tree.path).components.count + 1 { _ = top(files)?.handle(.character("h")) }
        #expect(top(files)?.presenter.path == .root)
        #expect(top(files)?.presenter.leadsUp == false)
        #expect(top(files)?.handle(.character("h")) == false, "at / back is the router's, which has nothing to pop")
    }

    @Test func onlyTheBottomScreenGoesUpAndAFilterIsClearedFirst() throws {
        let files = FilesCoordinator(router: holder, root: BytePath(tree.path), loader: loader)
        files.start()
        let bottom = try #require(top(files))
        bottom.presenter.didChoose(index: try #require(bottom.presenter.row(named: Array("one".utf8))))
        #expect(top(files)?.presenter.leadsUp == false, "a pushed screen pops")
        _ = files.router.pop()
        bottom.table.setFilter("o")
        #expect(bottom.bindings.allSatisfy { $0.label != "parent" }, "back clears the filter before going up")
    }

    @Test func currentDirectoryIsThePreviewedFilesFolder() throws {
        let files = FilesCoordinator(router: holder, root: BytePath(tree.path), loader: loader)
        try files.open(BytePath(tree.path + "/one/two/notes.txt"))
        #expect(files.currentDirectory == BytePath(tree.path + "/one/two"))
    }

    // MARK: Arguments

    @Test func aPositionalFolderAndChooseDir() throws {
        let arguments = try FilesArguments.parse(["src", "--choose-dir", "/tmp/x"], currentDirectory: BytePath("/home"))
        #expect(arguments.root == BytePath("/home/src"))
        #expect(arguments.chooseDirectory == "/tmp/x")
    }

    @Test(arguments: [["a", "--root", "b"], ["--restore", "a"], ["--choose-dir", ""], [""]])
    func conflictingStartsExit64(arguments: [String]) {
        do {
            _ = try FilesArguments.parse(arguments)
            Issue.record("parsed \(arguments)")
        } catch { #expect(error.exitStatus == 64) }
    }

    @Test func restoreOpensTheSavedFolderWhereverItIsRunFrom() throws {
        let base = try FilesArguments.parse(["--restore"], currentDirectory: BytePath("/"))
        let (folder, none) = try base.restoring(saved: BytePath(tree.path + "/one/two"), from: "state")
        #expect(folder.root == BytePath(tree.path + "/one/two") && folder.open == nil && none == nil)
        let (file, _) = try base.restoring(saved: BytePath(tree.path + "/one/two/notes.txt"), from: "state")
        #expect(file.root == BytePath(tree.path + "/one/two"))
        #expect(file.open == BytePath(tree.path + "/one/two/notes.txt"))
    }

    @Test func restoreOfADeletedFolderOpensTheNearestAboveAndSaysSo() throws {
        let base = try FilesArguments.parse(["--restore"], currentDirectory: BytePath("/"))
        let (result, notice) = try base.restoring(saved: BytePath(tree.path + "/one/gone/deeper"), from: "state")
        #expect(result.root == BytePath(tree.path + "/one"))
        #expect(notice?.contains("/one/gone/deeper no longer exists") == true)
        #expect(notice?.contains("opened \(tree.path)/one,") == true)
    }

    @Test func restoreWithNothingSavedSaysWhy() throws {
        let base = try FilesArguments.parse(["--restore"], currentDirectory: BytePath("/"))
        do {
            _ = try base.restoring(saved: nil, from: "/state/files/last-path")
            Issue.record("restored nothing")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description.contains("no folder was saved yet (/state/files/last-path"))
        }
    }

    @Test func aRestoredNoticeIsShownAtStart() throws {
        let files = FilesCoordinator(router: holder, root: BytePath(tree.path), loader: loader)
        files.startNotice = "gone"
        files.start()
        let alert = try #require(files.router.top?.presentable as? AlertPanelView<Void>)
        #expect(alert.alert.title == "Restored elsewhere")
    }
}
