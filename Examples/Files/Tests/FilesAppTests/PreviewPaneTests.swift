import Testing
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

/// The preview pane: beside the listing from 120 columns, following the
/// selection; over it when narrower. In the snapshot suite: one screen at a time.
extension SnapshotTests {
    private func browse(_ tree: TemporaryTree, size: CellSize) -> (TerminalScreen, AppFrame, FilesCoordinator) {
        let screen = TerminalScreen.headless(size: size)
        let frame = AppFrame(screen: screen, rootRouter: StackRouter(), title: "files")
        let files = FilesCoordinator(router: frame.host.rootRouter, root: tree.bytePath, loader: SynchronousDiskLoader())
        files.start()
        screen.render()
        return (screen, frame, files)
    }

    private static func tree() -> TemporaryTree {
        let tree = TemporaryTree()
        tree.directory("docs/old")
        tree.file("docs/readme.txt", text: "")
        tree.file("a.txt", text: "alpha line\nsecond line")
        tree.file("b.bin", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0])
        return tree
    }

    /// The part of `line` right of the divider.
    private func pane(_ line: String, _ files: FilesCoordinator) -> String {
        String(Array(line).dropFirst(files.split.primaryWidth(160) + 1))
    }

    @Test func wideThePaneFollowsTheSelectionWithTextHexAndListings() throws {
        let tree = Self.tree()
        let (screen, frame, files) = browse(tree, size: CellSize(width: 160, height: 48))
        defer { screen.end(); _ = files }
        var lines = screen.snapshot().lines
        // Directories first: the pane starts on docs/, a listing.
        #expect(lines[2].hasPrefix("docs/"))
        #expect(lines.map { pane($0, files) }.contains { $0.hasPrefix("old/") })
        #expect(lines.map { pane($0, files) }.contains { $0.hasPrefix("readme.txt") })
        frame.handle(.down)
        screen.render()
        lines = screen.snapshot().lines
        #expect(lines.map { pane($0, files) }.contains { $0.hasPrefix("alpha line") })
        #expect(lines[0] == " files › \(tree.path)", "a preview is not where the user is")
        frame.handle(.down)
        screen.render()
        #expect(screen.snapshot().lines.map { pane($0, files) }.contains { $0.contains("PNG image") })
        // Right gives the pane the keys (and the path); back gives them back.
        frame.handle(.right)
        #expect(files.split.isDetailOpen)
        #expect(files.currentPath == BytePath(tree.path + "/b.bin"))
        frame.handle(.escape)
        #expect(!files.split.isDetailOpen)
        #expect(files.currentPath == tree.bytePath)
    }

    @Test func narrowNothingIsReadUntilAFileIsOpened() throws {
        let tree = Self.tree()
        let (screen, frame, files) = browse(tree, size: CellSize(width: 80, height: 24))
        defer { screen.end(); _ = files }
        frame.handle(.down)
        #expect(files.split.secondaryRouter.entries.isEmpty, "no pane, no preview read")
        frame.handle(.right)
        screen.render()
        #expect(screen.snapshot().lines.contains { $0.hasPrefix("alpha line") })
        frame.handle(.escape)
        screen.render()
        #expect(screen.snapshot().lines[3].hasPrefix("a.txt"))
        #expect(files.split.secondaryRouter.entries.isEmpty)
        // Wider: the pane comes with the selected entry's preview.
        screen.resize(to: CellSize(width: 160, height: 48))
        screen.render()
        #expect(screen.snapshot().lines.map { pane($0, files) }.contains { $0.hasPrefix("alpha line") })
    }
}
