import Foundation
import Testing
import ShojiAppKit
import ShojiTesting
@testable import FilesApp
@testable import FilesPresenters

/// Reads the real disk synchronously, on the caller's turn.
@MainActor
final class SynchronousDiskLoader: DirectoryLoading {
    private(set) var loads: [String] = []
    func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask {
        loads.append(path.description)
        var all = EntryTable()
        do throws(FileError) {
            try DirectoryReader().read(path, batchSize: 1000) { all.append(contentsOf: $0) }
            report(.entries(all))
        } catch {
            report(.failed(error))
        }
        return DirectoryLoadTask()
    }
}

@MainActor
struct FilesCoordinatorTests {
    let tree = TemporaryTree()
    /// The app's stack, which holds the split.
    let holder = MockRouter()
    let loader = SynchronousDiskLoader()

    init() {
        tree.directory("one/two/three")
        tree.file("one/two/notes.txt", text: "hello")
        tree.file("one/two/image.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
        tree.fifo("pipe")
    }

    private func coordinator() -> FilesCoordinator {
        let files = FilesCoordinator(router: holder, root: tree.bytePath, loader: loader)
        current = files
        return files
    }

    /// The flow the test made last, whose stack `router` is.
    private final class Current { weak var files: FilesCoordinator? }
    private let box = Current()
    private var current: FilesCoordinator? {
        get { box.files }
        nonmutating set { box.files = newValue }
    }
    /// The directories' stack (the split's list column).
    private var router: any Routing { current!.router }

    private var top: DirectoryPanelView? { router.top?.presentable as? DirectoryPanelView }

    private func choose(_ name: String) throws {
        let presenter = try #require(top?.presenter)
        let row = try #require(presenter.row(named: Array(name.utf8)))
        presenter.didChoose(index: row)
    }

    @Test func startShowsTheRootAndEnterPushesADirectory() throws {
        let files = coordinator()
        files.start()
        #expect(router.entries.count == 1)
        #expect(top?.title == tree.path)
        try choose("one")
        #expect(router.entries.count == 2)
        #expect(holder.entries.first?.presentable is SplitContainer)
        #expect(top?.presenter.path == BytePath(tree.path + "/one"))
        #expect(files.currentPath == BytePath(tree.path + "/one"))
    }

    @Test func backPopsAndTheParentIsNotReadAgain() throws {
        let files = coordinator()
        files.start()
        try choose("one")
        try choose("two")
        try choose("three")
        #expect(router.entries.count == 4)
        let reads = loader.loads.count
        let tracker = LeakTracker()
        tracker.track(try #require(top), as: "three")
        _ = router.pop()
        _ = router.pop()
        #expect(router.entries.count == 2)
        #expect(top?.presenter.path == BytePath(tree.path + "/one"))
        #expect(loader.loads.count == reads)
        #expect(tracker.survivors == [])
    }

    @Test func aFileOpensItsPreviewAndAFifoAnAlert() throws {
        let files = coordinator()
        files.start()
        try choose("pipe")
        #expect(router.top?.presentable is AlertPanelView<Void>)
        _ = router.dismiss()
        try choose("one")
        try choose("two")
        try choose("notes.txt")
        let preview = try #require(files.split.secondaryRouter.top?.presentable as? PreviewPanelView)
        #expect(files.split.isDetailOpen)
        #expect(preview.detail.paragraphs == ["hello"])
        #expect(files.currentPath == BytePath(tree.path + "/one/two/notes.txt"))
    }

    @Test func besideTheListingThePreviewFollowsTheFilterAndShowsNothingItHides() throws {
        let files = coordinator()
        files.split.layout(width: 160)
        files.start()
        try choose("one")
        try choose("two")
        let listing = try #require(top)
        #expect(files.split.detailItemID as? BytePath == BytePath(tree.path + "/one/two/three"))
        listing.table.setFilter("notes")
        #expect(files.split.detailItemID as? BytePath == BytePath(tree.path + "/one/two/notes.txt"),
                "the filter moved the selection: the pane follows it")
        listing.table.setFilter("nothing-matches")
        #expect(files.split.secondaryRouter.entries.isEmpty, "no preview of an entry the filter hides")
        listing.table.clearFilter()
        #expect(files.split.detailItemID as? BytePath == BytePath(tree.path + "/one/two/notes.txt"))
    }

    @Test func openBuildsTheWholeStackAsOneBatchWithSelections() throws {
        let files = coordinator()
        files.start()
        let host = RecordingRouterHost()
        files.split.primaryRouter.host = host
        try files.open(BytePath(tree.path + "/one/two/three"))
        #expect(host.changes.count == 1, "one transaction")
        #expect(router.entries.count == 4)
        let screens = router.entries.compactMap { $0.presentable as? DirectoryPanelView }
        #expect(screens.map(\.presenter.path.description) == [tree.path, tree.path + "/one", tree.path + "/one/two",
                                                               tree.path + "/one/two/three"])
        // Each parent selects the child that is on top of it.
        #expect(screens[1].presenter.entry(atRow: screens[1].table.selectedIndex ?? -1)?.displayName == "two")
        #expect(screens[2].presenter.entry(atRow: screens[2].table.selectedIndex ?? -1)?.displayName == "three")
    }

    @Test func openAFileEndsWithItsPreview() throws {
        let files = coordinator()
        files.initialTarget = BytePath(tree.path + "/one/two/image.png")
        files.start()
        #expect(router.entries.count == 3)
        #expect(files.split.isDetailOpen)
        #expect(files.split.secondaryRouter.top?.presentable is PreviewPanelView)
        #expect(files.currentPath == BytePath(tree.path + "/one/two/image.png"))
    }

    @Test func strictOpenRejectsMissingAndOutsidePathsAndChangesNothing() {
        let files = coordinator()
        files.start()
        #expect(throws: FileError.notFound(tree.path + "/one/nope")) {
            try files.open(BytePath(tree.path + "/one/nope/deeper"))
        }
        #expect(throws: FileError.outsideRoot("/etc", root: tree.path)) { try files.open(BytePath("/etc")) }
        #expect(router.entries.count == 1)
    }

    @Test func aRestoredPathWhoseEndIsGoneStopsAtTheDeepestLevel() {
        let files = coordinator()
        files.initialTarget = BytePath(tree.path + "/one/two/deleted/x")
        files.start()
        #expect(router.entries.count == 3)
    }

    @Test func anUnreadableDirectoryIsAnAlertAndItsScreenGoes() throws {
        final class Loader: DirectoryLoading {
            let real = SynchronousDiskLoader()
            func load(_ path: BytePath, report: @escaping @MainActor (DirectoryLoadEvent) -> Void) -> DirectoryLoadTask {
                if path.description.hasSuffix("/one") { report(.failed(.permissionDenied(path.description))); return DirectoryLoadTask() }
                return real.load(path, report: report)
            }
        }
        let files = FilesCoordinator(router: holder, root: tree.bytePath, loader: Loader())
        current = files
        files.start()
        try choose("one")
        let alert = try #require(router.top?.presentable as? AlertPanelView<Void>)
        #expect(alert.alert.title == "Permission denied")
        alert.choose(buttonAt: 0)
        #expect(router.entries.count == 1)
    }
}

@MainActor
struct ArgumentTests {
    @Test func ownOptionsAndTheKitsAndMouseOn() throws {
        let arguments = try FilesArguments.parse(["--root", "/srv", "--open", "data/x", "--no-mouse", "--all"],
                                                 currentDirectory: BytePath("/home"))
        #expect(arguments.root == BytePath("/srv"))
        #expect(arguments.open == BytePath("/home/data/x"))
        #expect(arguments.showsHidden)
        #expect(arguments.launch.mouse && arguments.launch.mouseRefused && !arguments.launch.usesMouse)
        #expect(try FilesArguments.parse([], currentDirectory: BytePath("/home")).launch.usesMouse)
    }

    @Test(arguments: [["--bogus"], ["--open", "a", "--restore"], ["--root"], ["--root", ""], ["--open="]])
    func mistakesExit64(arguments: [String]) {
        #expect(throws: LaunchError.self) { try FilesArguments.parse(arguments) }
        do { _ = try FilesArguments.parse(arguments) } catch { #expect(error.exitStatus == 64) }
    }

    /// `--help`: the program's name, its own options and the kit's.
    @Test func helpListsFilesOptionsAndTheKits() {
        do {
            _ = try FilesArguments.parse(["--help"])
            Issue.record("--help parsed")
        } catch {
            #expect(error.exitStatus == 0)
            for text in ["USAGE: files ", "--root <dir>", "-a, --all", "TERMINAL UI OPTIONS:", "--open <path>", "--no-mouse"] {
                #expect(error.description.contains(text), "\(text)")
            }
        }
    }

    /// A file-system `--open` and `--restore` are the coordinator's, never
    /// checked as the kit's route paths.
    @Test func openAndRestoreStayOutOfTheKitsOptions() throws {
        let arguments = try FilesArguments.parse(["--restore", "--no-color"], currentDirectory: BytePath("/home"))
        #expect(arguments.restore && arguments.launch.open == nil && !arguments.launch.restore && !arguments.launch.colors)
        #expect(try FilesArguments.parse(["--open", "/etc/x"]).launch.open == nil)
    }

    @Test func lastPathRoundTripsRawBytes() {
        let tree = TemporaryTree()
        let file = LastPathFile(path: tree.path + "/state/last-path")
        let path = BytePath("/tmp").appending([0xFF, 0x0A, 0x41])
        file.save(path)
        #expect(file.load() == path)
    }
}
