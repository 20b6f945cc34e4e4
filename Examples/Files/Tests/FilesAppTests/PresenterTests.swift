import Foundation
import Testing
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

@MainActor
struct DirectoryPresenterTests {
    let here = BytePath("/data")

    private func presenter(_ entries: [DirectoryEntry], hidden: Bool = false) -> (DirectoryPresenter, MockDirectoryView, MockDirectoryOutput, ImmediateLoader) {
        let loader = ImmediateLoader()
        loader.listings[here] = entries
        let presenter = DirectoryPresenter(path: here, loader: loader, showsHidden: hidden)
        let view = MockDirectoryView()
        let output = MockDirectoryOutput()
        presenter.view = view
        presenter.output = output
        return (presenter, view, output, loader)
    }

    private func names(_ presenter: DirectoryPresenter) -> [String] {
        (0..<presenter.rowCount).map { presenter.cells(at: $0)[0] }
    }

    @Test func directoriesFirstThenByNameCaseFoldedWithMarks() {
        let (p, view, _, _) = presenter([entry("b.txt"), entry("Zeta", .directory), entry("a.txt"),
                                         entry("link", .symlink(target: .file)), entry("alpha", .directory),
                                         entry("pipe", .fifo), entry("to-dir", .symlink(target: .directory))])
        p.viewDidLoad()
        #expect(view.log == ["unsorted", "progress Reading entries 0", "entries", "sort name true", "progress done"])
        #expect(names(p) == ["alpha/", "to-dir@", "Zeta/", "a.txt", "b.txt", "link@", "pipe|"])
        #expect(p.emphasis(at: 0) == .strong && p.emphasis(at: 3) == .normal)
    }

    @Test func sortBySizeAndTimeAndAgainReverses() {
        let (p, view, _, _) = presenter([entry("small", size: 1, modified: 30), entry("big", size: 5000, modified: 10),
                                         entry("mid", size: 100, modified: 20), entry("dir", .directory, size: 1)])
        p.viewDidLoad()
        p.sort(by: .size)
        #expect(names(p) == ["dir/", "big", "mid", "small"])
        #expect(view.log.last == "sort size false")
        p.sort(by: .size)
        #expect(names(p) == ["dir/", "small", "mid", "big"])
        p.sort(by: .time)
        #expect(names(p) == ["dir/", "small", "mid", "big"])
        p.sort(by: .name)
        #expect(names(p) == ["dir/", "big", "mid", "small"])
        #expect(p.cells(at: 1)[1] == "4.9 KiB")
        #expect(p.cells(at: 0)[1] == "")
    }

    @Test func hiddenFilesToggleAndKeepTheSelection() {
        let (p, view, _, _) = presenter([entry(".profile"), entry("notes"), entry(".git", .directory)])
        p.viewDidLoad()
        #expect(names(p) == ["notes"])
        p.didSelect(row: 0)
        p.toggleHidden()
        #expect(names(p) == [".git/", ".profile", "notes"])
        #expect(view.selectedRow == 2)
        #expect(p.emphasis(at: 1) == .muted)
    }

    @Test func choosingReportsTheEntryWithItsBytes() {
        let raw: [UInt8] = [0x62, 0xFF, 0x0A]
        let (p, _, output, _) = presenter([DirectoryEntry(name: raw, kind: .file)])
        p.viewDidLoad()
        #expect(p.cells(at: 0)[0] == "b\u{FFFD}\n")
        p.didChoose(index: 0)
        #expect(output.chosen.map(\.name) == [raw])
    }

    @Test func filterMatchesDisplayNames() {
        let (p, _, _, _) = presenter([entry("Report.pdf"), entry("photo.png"), entry("data", .directory)])
        p.viewDidLoad()
        #expect(p.indices(matching: TextQuery("P"), among: nil) == [1, 2])
        #expect(p.indices(matching: TextQuery("port"), among: [1, 2]) == [2])
    }

    @Test func aPendingSelectionIsAppliedWhenItsEntryArrives() {
        let (p, view, _, loader) = presenter([entry("a"), entry("b"), entry("c")])
        loader.holds = true
        p.pendingSelection = Array("c".utf8)
        p.viewDidLoad()
        #expect(view.selectedRow == nil)
        loader.flush()
        #expect(view.selectedRow == 2)
        #expect(p.pendingSelection == nil)
    }

    /// After an editor ran: the directory is read again, what changed is
    /// drawn anew (no cell kept from the last read), and the selection stays
    /// on the same file wherever it sorts now.
    @Test func reloadReadsAgainRedrawsChangedEntriesAndKeepsTheSelection() {
        let (p, view, _, loader) = presenter([entry("b.txt", size: 1), entry("c.txt", size: 1)])
        p.viewDidLoad()
        p.didSelect(row: 0)
        #expect(names(p) == ["b.txt", "c.txt"])
        #expect(p.cells(at: 0)[1] == "1 B")
        loader.listings[here] = [entry("c.txt", size: 1), entry("b.txt", size: 2048), entry("a.txt")]
        p.reload()
        #expect(names(p) == ["a.txt", "b.txt", "c.txt"])
        #expect(p.cells(at: 1)[1] == "2.0 KiB")
        #expect(view.selectedRow == 1)
    }

    @Test func openReportsFilesOnly() {
        let (p, _, output, _) = presenter([entry("dir", .directory), entry("f")])
        p.viewDidLoad()
        #expect(!p.open(row: 0, in: .editor))
        #expect(p.open(row: 1, in: .pager))
        #expect(output.opened.map { String(decoding: $0.0.name, as: UTF8.self) } == ["f"])
        #expect(output.opened.first?.1 == .pager)
    }

    @Test func readingCountsPerBatchShowsNoSortIndicatorUntilSortedThenClearsTheProgress() {
        let loader = ScriptedLoader()
        let p = DirectoryPresenter(path: here, loader: loader)
        let view = MockDirectoryView()
        p.view = view
        p.viewDidLoad()
        #expect(view.log == ["unsorted", "progress Reading entries 0"], "the first frame says so at once")
        loader.send(.progress(1_000))
        loader.send(.progress(2_000))
        #expect(view.log.suffix(2) == ["progress Reading entries 1000", "progress Reading entries 2000"])
        #expect(p.rowCount == 0, "no row shows before the listing is sorted")
        // Sorting by size while reading: the order is kept for the end, no indicator yet.
        p.sort(by: .size)
        #expect(!view.log.contains { $0.hasPrefix("sort") })
        loader.send(.entries([entry("b", size: 1), entry("a", size: 3), entry("c", size: 2)]))
        #expect(view.log.suffix(3) == ["entries", "sort size false", "progress done"])
        #expect(names(p) == ["a", "c", "b"])
    }

    @Test func aReadErrorEndsTheProgress() {
        let (p, view, _, loader) = presenter([])
        loader.failures[here] = .permissionDenied("/data")
        p.viewDidLoad()
        #expect(view.log.last == "progress done")
        #expect(!view.log.contains { $0.hasPrefix("sort") }, "nothing was sorted")
    }

    @Test func aReadErrorGoesToTheRoute() {
        let (p, _, output, loader) = presenter([])
        loader.failures[here] = .permissionDenied("/data")
        p.viewDidLoad()
        #expect(output.errors == [.permissionDenied("/data")])
    }

    @Test func aDirectoryDeletedWhileShownSaysSo() throws {
        let tree = TemporaryTree()
        tree.directory("gone")
        let path = BytePath(tree.path + "/gone")
        let loader = ImmediateLoader()
        let presenter = DirectoryPresenter(path: path, loader: loader)
        let view = MockDirectoryView()
        presenter.view = view
        presenter.viewDidLoad()
        presenter.viewDidAppear()
        #expect(!presenter.isGone)
        try FileManager.default.removeItem(atPath: tree.path + "/gone")
        presenter.viewDidAppear()
        #expect(presenter.isGone)
        #expect(view.log.last == "problem This directory was deleted")
    }
}

@MainActor
struct PreviewPresenterTests {
    final class View: PreviewView {
        var title = "", fields: [DetailField] = [], paragraphs: [String] = []
        func show(title: String, fields: [DetailField], paragraphs: [String]) {
            self.title = title
            self.fields = fields
            self.paragraphs = paragraphs
        }
    }

    @Test func textIsShownWhole() {
        let preview = FilePreview(name: "a.txt", size: 12, modified: 0, bytes: Array("hello\r\n\tworld".utf8))
        let presenter = PreviewPresenter(path: BytePath("/a.txt"), preview: preview)
        let view = View()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.title == "a.txt")
        #expect(view.paragraphs == ["hello\n\tworld"], "the tab stays for the page to expand")
        #expect(view.fields.last == DetailField("Type", "text"))
    }

    @Test func binaryIsSummarisedWithItsTypeAndAHexDump() {
        let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0] + [UInt8](repeating: 0, count: 40)
        let presenter = PreviewPresenter(path: BytePath("/bin/x"), preview: FilePreview(name: "x", size: 48, modified: 0, bytes: bytes))
        let view = View()
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.fields.last == DetailField("Type", "ELF executable"))
        #expect(view.paragraphs[0].hasPrefix("00000000: 7f45 4c46 0201 0100 0000 0000 0000 0000  .ELF"))
        #expect(view.paragraphs[0].split(separator: "\n").count == 3)
    }
}
