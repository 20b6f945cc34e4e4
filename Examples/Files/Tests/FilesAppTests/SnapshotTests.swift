import Foundation
import Testing
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

/// The whole app on a headless screen: hostile names drawn safely, keys and
/// clicks through the frame. ncurses is process-wide: one screen at a time.
@Suite(.serialized)
@MainActor
struct SnapshotTests {
    let root = BytePath("/hostile")

    private func start(_ entries: [DirectoryEntry]) -> (TerminalScreen, AppFrame, FilesCoordinator, StackRouter) {
        let screen = TerminalScreen.headless(size: CellSize(width: 60, height: 12))
        let router = StackRouter()
        let frame = AppFrame(screen: screen, rootRouter: router, title: "files")
        let loader = ImmediateLoader()
        loader.listings[root] = entries
        let files = FilesCoordinator(router: router, root: root, loader: loader)
        files.start()
        screen.render()
        // The directories' stack: the split's list column.
        return (screen, frame, files, files.split.primaryRouter)
    }

    @Test func controlsInvalidBytesWideAndLongNamesAreDrawnSafelyAndSelectable() throws {
        let long = String(repeating: "very-long-name-", count: 20)
        let (screen, frame, files, router) = start([
            DirectoryEntry(name: [0x61, 0x1B, 0x5B, 0x32, 0x4A, 0x07], kind: .file, size: 10),
            DirectoryEntry(name: [0x62, 0xFF, 0xFE], kind: .file, size: 2048),
            entry("c-漢字テキスト.txt"),
            entry("d-👩‍💻🇯🇵.txt"),
            entry(long),
        ])
        defer { screen.end(); _ = files }
        let lines = screen.snapshot().lines
        #expect(lines[0] == " files › /hostile")
        #expect(lines[2].hasPrefix("a␛[2J␇"))
        #expect(lines[3].hasPrefix("b\u{FFFD}\u{FFFD}"))
        #expect(lines[4].hasPrefix("c-漢字テキスト.txt"))
        #expect(lines[6].hasPrefix("very-long-name-") && lines[6].contains("…"))
        #expect(!lines.joined().unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        // Every line fits the screen, wide names included.
        for line in lines { #expect(DisplayText.width(of: line) <= 60, "\(line)") }
        // Selectable: the invalid name is chosen with its bytes (a file that does not exist: an alert).
        frame.handle(.down)
        frame.handle(.right)
        let alert = try #require(router.top?.presentable as? AlertPanelView<Void>)
        #expect(alert.alert.message.contains("/hostile/b\u{FFFD}\u{FFFD}"))
    }

    @Test func aClickSelectsAndADoubleClickOpensThroughTheFrame() throws {
        let (screen, frame, files, router) = start([entry("one"), entry("two"), entry("sub", .directory)])
        defer { screen.end(); _ = files }
        // Row 0 is the header bar, row 1 the table's column titles, row 2 the first entry.
        frame.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 3, y: 3))))
        let view = try #require(router.top?.presentable as? DirectoryPanelView)
        #expect(view.table.selectedIndex == 1)
        frame.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 3, y: 2), clickCount: 2)))
        #expect(router.entries.count == 2)
        #expect((router.top?.presentable as? DirectoryPanelView)?.presenter.path == BytePath("/hostile/sub"))
        frame.handle(.escape)
        #expect(router.entries.count == 1)
    }

    /// Waits (without blocking the main actor, where the reads report) until `done`.
    private func until(_ done: () -> Bool) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        while !done() {
            guard ContinuousClock.now < deadline else { throw CancellationError() }
            try await Task.sleep(for: .milliseconds(2))
        }
    }

    @Test func aLargeDirectorysFirstFrameSaysHowFarReadingHasComeAndShowsNoUnsortedNames() async throws {
        let reader = GatedReader(count: 100_000, pauseAfter: 43_000)
        defer { reader.resume() }
        let clock = VirtualLoopClock()
        let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24))
        defer { screen.end() }
        let router = StackRouter()
        let frame = AppFrame(screen: screen, rootRouter: router, title: "files")
        let loader = BackgroundDirectoryLoader(reader: reader)
        loader.progressInterval = .zero
        let files = FilesCoordinator(router: router, root: BytePath("/big"), loader: loader, clock: clock)
        files.start()
        screen.render()
        _ = frame
        let view = try #require(files.router.top?.presentable as? DirectoryPanelView)
        // The first frame, before a batch is read: the titles without ▲, what is going on, no names.
        let first = screen.snapshot().lines
        #expect(first[1] == "Name" + String(repeating: " ", count: 55) + "Size Modified")
        #expect(first[22].hasPrefix("⠋ Reading entries…  0.0 s"))
        #expect(!first.joined().contains("file-"))
        // 43 batches read: the count moves per batch, the time on the clock.
        try await until { view.table.progress?.completed == 43_000 }
        clock.advance(by: .milliseconds(1_200))
        screen.render()
        let reading = screen.snapshot().lines
        #expect(reading[22].hasPrefix("⠴ Reading entries… 43,000  1.2 s"))
        #expect(!reading[1].contains("▲"))
        #expect(!reading.joined().contains("file-"), "no page of whichever names came first")
        // The rest: the sorted listing, the indicator back, the progress gone.
        reader.resume()
        try await until { view.presenter.isLoaded }
        screen.render()
        let sorted = screen.snapshot().lines
        #expect(sorted[1].hasPrefix("Name ▲"))
        #expect(sorted[2].hasPrefix("file-000000.txt") && sorted[3].hasPrefix("file-000001.txt"))
        #expect(!sorted.joined().contains("Reading"))
        #expect(sorted[22].hasSuffix("1/100,000"), "grouped, as counts are everywhere")
        #expect(view.table.progress == nil && !view.table.progressWidget.spinner.isRunning)
    }
}

extension SnapshotTests {
    /// `i` adds the mode and owner columns on screen, and a link shows its
    /// target, a dangling one marked.
    @Test func detailsColumnsAndLinkTargetsOnScreen() throws {
        let tree = TemporaryTree()
        tree.file("run.sh", text: "#!/bin/sh\n")
        chmod(tree.path + "/run.sh", 0o755)
        tree.link("gone", to: "nowhere")
        let screen = TerminalScreen.headless(size: CellSize(width: 60, height: 12))
        let router = StackRouter()
        let frame = AppFrame(screen: screen, rootRouter: router, title: "files")
        let files = FilesCoordinator(router: router, root: tree.bytePath, loader: SynchronousDiskLoader())
        files.start()
        screen.render()
        defer { screen.end(); _ = files }
        var lines = screen.snapshot().lines
        #expect(lines[1].hasPrefix("Name") && !lines[1].contains("Mode"))
        #expect(lines[2].hasPrefix("gone@ → nowhere [dangling]"))
        frame.handle(.character("i"))
        screen.render()
        lines = screen.snapshot().lines
        #expect(lines[1].contains("Mode") && lines[1].contains("Owner"))
        #expect(lines[3].contains("-rwxr-xr-x") && lines[3].contains(OwnerNames().userName(getuid())))
        // In the footer and help through the screen's declared bindings.
        let view = try #require(files.router.top?.presentable as? DirectoryPanelView)
        #expect(view.bindings.contains { $0.label == "mode/owner" && $0.keys == [.character("i")] })
    }
}
