import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// Marks and the operations through the keys, the confirmations and the
/// coordinator, on a temporary tree (a mock router holds the split).
@MainActor
struct OperationsCoordinatorTests {
    let tree = TemporaryTree()
    let files: FilesCoordinator

    init() {
        tree.directory("src")
        tree.directory("dest")
        tree.file("src/a.txt", text: "alpha")
        tree.file("src/b.txt", text: "beta")
        tree.file("src/c.txt", text: "gamma")
        files = FilesCoordinator(router: MockRouter(), root: BytePath(tree.path + "/src"), loader: SynchronousDiskLoader())
        files.trash = Trash(folder: BytePath(tree.path + "/Trash"))
        files.start()
    }

    private var top: DirectoryPanelView { files.router.top!.presentable as! DirectoryPanelView }
    private func names(_ relative: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: tree.path + "/" + relative)) ?? []).sorted()
    }
    private func answer(_ button: Int) throws {
        let alert = try #require(files.router.top?.presentable as? AlertPanelView<Bool>)
        alert.choose(buttonAt: button)
    }
    private func notice() -> Alert<Void>? { (files.router.top?.presentable as? AlertPanelView<Void>)?.alert }

    /// Into the sibling folder `dest`: up a level, then into it.
    private func goToDest() throws {
        files.startOver(at: BytePath(tree.path + "/dest"))
    }

    @Test func spaceMarksYCopiesAndPPastesAfterAConfirmation() throws {
        let screen = top
        _ = screen.handle(.character(" "))
        _ = screen.handle(.character(" "))
        #expect(screen.presenter.marked.count == 2 && screen.table.selectedIndex == 2, "space marks and moves down")
        #expect(screen.presenter.cells(at: 0)[0] == "+ a.txt")
        _ = screen.handle(.character("y"))
        #expect(screen.presenter.marked.isEmpty)
        try goToDest()
        _ = top.handle(.character("p"))
        let question = try #require(files.router.top?.presentable as? AlertPanelView<Bool>)
        #expect(question.alert.title == "Copy 2 entries?")
        #expect(question.alert.message.contains("“a.txt”, “b.txt” into \(tree.path)/dest?"))
        try answer(1)
        #expect(names("dest").isEmpty, "Cancel copies nothing")
        _ = top.handle(.character("p"))
        try answer(0)
        #expect(names("dest") == ["a.txt", "b.txt"])
        #expect(names("src") == ["a.txt", "b.txt", "c.txt"])
    }

    @Test func aPasteThatFailsHalfWayShowsTheReasonAndLeavesNothingHalfDone() throws {
        _ = top.handle(.character(" "))
        _ = top.handle(.character(" "))
        _ = top.handle(.character("d"))
        // b.txt goes before the paste: a.txt would move, then b.txt fails.
        try FileManager.default.removeItem(atPath: tree.path + "/src/b.txt")
        try goToDest()
        _ = top.handle(.character("p"))
        try answer(0)
        let alert = try #require(notice())
        #expect(alert.title == "Nothing was moved")
        #expect(alert.message == "Could not move \(tree.path)/src/b.txt: No such file or directory. Nothing was moved: every entry is where it was.")
        #expect(names("dest").isEmpty && names("src") == ["a.txt", "c.txt"])
    }

    @Test func renameAsksForTheNameAndSelectsTheRenamedEntry() throws {
        _ = top.handle(.down)
        _ = top.handle(.character("r"))
        let sheet = try #require(files.router.top?.presentable as? PromptSheet)
        #expect(sheet.form.values["text"] == "b.txt")
        sheet.result.complete("z.txt")
        #expect(names("src") == ["a.txt", "c.txt", "z.txt"])
        #expect(top.presenter.highlightedEntry?.name == Array("z.txt".utf8))
        _ = top.handle(.character("r"))
        try #require(files.router.top?.presentable as? PromptSheet).result.complete("a.txt")
        #expect(notice()?.title == "Nothing was renamed")
        #expect(notice()?.message.contains("a.txt already exists") == true)
    }

    @Test func trashIsConfirmedWithCancelFocusedAndGoesToTheXDGTrash() throws {
        _ = top.handle(.character(" "))
        _ = top.handle(.character(" "))
        _ = top.handle(.character("D"))
        let question = try #require(files.router.top?.presentable as? AlertPanelView<Bool>)
        #expect(question.alert.title == "Trash 2 entries?" && question.alert.initialFocus == 1)
        try answer(0)
        #expect(names("src") == ["c.txt"])
        #expect(names("Trash/files") == ["a.txt", "b.txt"])
        #expect(names("Trash/info") == ["a.txt.trashinfo", "b.txt.trashinfo"])
    }

    @Test func pasteWithNothingTakenSaysHow() {
        _ = top.handle(.character("p"))
        #expect(top.table.statusText?.contains("Nothing to paste") == true)
        #expect(top.bindings.contains { $0.label == "trash" } && top.bindings.contains { $0.label == "mark" })
    }
}
