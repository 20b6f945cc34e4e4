import Foundation
import Testing
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

/// Links with their targets, dangling ones marked (never "no longer
/// exists"); the permissions and owner columns; previews that say where
/// they stop.
@MainActor
struct DetailsTests {
    @Test func linksCarryTheirTargetAndDanglingOnesAreMarked() throws {
        let tree = TemporaryTree()
        tree.file("real.txt", text: "x")
        tree.link("good", to: "real.txt")
        tree.link("broken", to: "nowhere\u{1B}[2J")
        let presenter = DirectoryPresenter(path: tree.bytePath, loader: SynchronousDiskLoader())
        presenter.viewDidLoad()
        func nameCell(_ name: String) -> String? { presenter.row(named: Array(name.utf8)).map { presenter.cells(at: $0)[0] } }
        #expect(nameCell("good") == "good@ → real.txt")
        #expect(nameCell("broken") == "broken@ → nowhere\u{1B}[2J [dangling]")
        #expect(nameCell("real.txt") == "real.txt")
        #expect(DirectoryReader.linkTarget(of: tree.bytePath.appending(Array("real.txt".utf8))) == nil)
        // Opening a dangling link says what it is, not that it vanished.
        #expect(throws: FileError.danglingLink(tree.path + "/broken", target: "nowhere\u{1B}[2J")) {
            try FilePreview.read(tree.bytePath.appending(Array("broken".utf8)))
        }
        #expect(throws: FileError.notFound(tree.path + "/absent")) {
            try DirectoryReader.kind(of: tree.bytePath.appending(Array("absent".utf8)))
        }
        let pane = PreviewPresenter(previewing: tree.bytePath.appending(Array("broken".utf8)))
        guard case .unavailable(_, let reason) = pane.subject else { Issue.record("\(pane.subject)"); return }
        #expect(reason.contains("is a link to nowhere") && reason.contains("which does not exist"))
        let good = PreviewPresenter(previewing: tree.bytePath.appending(Array("good".utf8)))
        #expect(good.linkTarget == "real.txt")
    }

    @Test(arguments: [(UInt16(0o755), EntryKind.directory, "drwxr-xr-x"), (0o644, .file, "-rw-r--r--"),
                      (0o4755, .file, "-rwsr-xr-x"), (0o2644, .file, "-rw-r-Sr--"), (0o1777, .directory, "drwxrwxrwt"),
                      (0o777, .symlink(target: nil), "lrwxrwxrwx"), (0o600, .fifo, "prw-------")])
    func permissionsReadAsLsLong(bits: UInt16, kind: EntryKind, expected: String) {
        #expect(Format.permissions(bits, kind: kind) == expected)
    }

    @Test func ownersAreNamesOrNumbers() {
        let names = OwnerNames()
        #expect(names.owner(0, group: 0) == "root:root")
        #expect(names.userName(4_000_000_000) == "4000000000")
    }

    @Test func detailsAddTheModeAndOwnerColumnsAndTheRouteRemembersThem() throws {
        let tree = TemporaryTree()
        tree.file("a", text: "abc")
        chmod(tree.path + "/a", 0o640)
        let presenter = DirectoryPresenter(path: tree.bytePath, loader: SynchronousDiskLoader())
        let view = MockDirectoryView()
        let output = DetailsOutputSpy()
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        #expect(presenter.cells(at: 0).count == 3)
        presenter.toggleDetails()
        #expect(view.log.last == "columns details true")
        #expect(output.details == [true])
        let cells = presenter.cells(at: 0)
        #expect(cells.count == 5 && cells[1] == "-rw-r-----" && cells[2] == OwnerNames().owner(getuid(), group: getgid()))
        // Read when drawn: an entry gone since the listing shows "?", not a crash.
        try? FileManager.default.removeItem(atPath: tree.path + "/a")
        presenter.toggleDetails()
        presenter.toggleDetails()
        #expect(Array(presenter.cells(at: 0)[1...2]) == ["?", "?"])
    }

    @Test func aTruncatedTextPreviewMarksWhereItStops() {
        let long = FilePreview(name: "big", size: 200_000, modified: 0, bytes: Array(repeating: 0x61, count: FilePreview.limit))
        let view = MockPreviewView()
        let presenter = PreviewPresenter(path: BytePath("/big"), preview: long)
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.paragraphs.last == "── the preview stops here, after 64 KiB of 195 KiB ──")
        let short = PreviewPresenter(path: BytePath("/s"), preview: FilePreview(name: "s", size: 2, modified: 0, bytes: [0x61, 0x62]))
        short.view = view
        short.viewDidLoad()
        #expect(view.paragraphs == ["ab"], "a whole file has no mark")
    }

    @Test func aDirectoryPreviewSaysItShowsTheFirstEntriesRead() throws {
        let tree = TemporaryTree()
        for index in 0..<(DirectoryListing.limit + 5) { tree.file("f\(index)", text: "") }
        let view = MockPreviewView()
        let presenter = PreviewPresenter(previewing: tree.bytePath)
        presenter.view = view
        presenter.viewDidLoad()
        #expect(view.paragraphs.last == "── the first 500 entries read; Enter lists them all ──")
        #expect(view.fields.contains(DetailField("Entries", "more than 500")))
    }
}

@MainActor
private final class DetailsOutputSpy: DirectoryOutput {
    var details: [Bool] = []
    func directory(_ presenter: DirectoryPresenter, didChoose entry: DirectoryEntry) {}
    func directory(_ presenter: DirectoryPresenter, couldNotRead error: FileError) {}
    func directory(_ presenter: DirectoryPresenter, didShowDetails details: Bool) { self.details.append(details) }
}

@MainActor
final class MockPreviewView: PreviewView {
    var fields: [DetailField] = []
    var paragraphs: [String] = []
    func show(title: String, fields: [DetailField], paragraphs: [String]) {
        self.fields = fields
        self.paragraphs = paragraphs
    }
}
