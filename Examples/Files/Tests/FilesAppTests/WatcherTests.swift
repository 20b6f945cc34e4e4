import Foundation
import Testing
@testable import FilesApp
@testable import FilesPresenters

/// Reports changes when the test says so; `isLive` false stands for a
/// platform without inotify (the screen rescans on focus).
@MainActor
final class FakeWatcher: DirectoryWatching {
    let isLive: Bool
    private(set) var changed: [BytePath: @MainActor () -> Void] = [:]
    init(isLive: Bool = true) { self.isLive = isLive }
    func watch(_ path: BytePath, changed: @escaping @MainActor () -> Void) -> DirectoryWatch? {
        guard isLive else { return nil }
        self.changed[path] = changed
        return DirectoryWatch { [weak self] in MainActor.assumeIsolated { self?.changed[path] = nil } }
    }
    func change(_ path: BytePath) { changed[path]?() }
}

/// The listing follows the disk: rescans keep the selection on the same
/// entry, or its place when it went; a folder deleted meanwhile says so.
@MainActor
struct WatcherTests {
    /// A folder that exists (focus checks it is still there); the listings are the loader's.
    let path = BytePath("/tmp")
    let loader = ImmediateLoader()
    let view = MockDirectoryView()
    let output = MockDirectoryOutput()

    private func presenter(_ watcher: FakeWatcher) -> DirectoryPresenter {
        loader.listings[path] = [entry("a"), entry("b"), entry("c")]
        let presenter = DirectoryPresenter(path: path, loader: loader, watcher: watcher)
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        return presenter
    }

    @Test func aChangeOnDiskRereadsAndKeepsTheSelectionOnTheSameEntry() {
        let watcher = FakeWatcher()
        let p = presenter(watcher)
        p.didSelect(row: 1)
        loader.listings[path] = [entry("0-new"), entry("a"), entry("b"), entry("c")]
        watcher.change(path)
        #expect(loader.loads.count == 2)
        #expect(p.rowCount == 4)
        #expect(view.selectedRow == 2, "b moved down a row; the selection went with it")
        #expect(p.highlightedEntry?.name == Array("b".utf8))
    }

    @Test func theSelectedEntryGoneKeepsItsPlace() {
        let watcher = FakeWatcher()
        let p = presenter(watcher)
        p.didSelect(row: 1)
        loader.listings[path] = [entry("a"), entry("c")]
        watcher.change(path)
        #expect(view.selectedRow == 1)
        #expect(p.highlightedEntry?.name == Array("c".utf8))
    }

    @Test func theFolderDeletedMeanwhileIsSaidOnScreenNotAsAnAlert() {
        let watcher = FakeWatcher()
        let p = presenter(watcher)
        loader.failures[path] = .notFound("/tmp")
        watcher.change(path)
        #expect(p.isGone)
        #expect(view.log.contains("problem This directory was deleted"))
        #expect(output.errors.isEmpty)
    }

    @Test func withoutLiveReportsComingBackIntoFocusRereads() {
        let watcher = FakeWatcher(isLive: false)
        let p = presenter(watcher)
        #expect(loader.loads.count == 1)
        loader.listings[path] = [entry("a")]
        p.viewDidAppear()
        #expect(loader.loads.count == 2 && p.rowCount == 1)
        let live = FakeWatcher()
        let q = presenter(live)
        let before = loader.loads.count
        q.viewDidAppear()
        #expect(loader.loads.count == before, "live reports: focus reads nothing")
    }

    @Test func theScreenGoneStopsTheWatch() {
        let watcher = FakeWatcher()
        var p: DirectoryPresenter? = presenter(watcher)
        #expect(watcher.changed[path] != nil)
        p = nil
        #expect(watcher.changed[path] == nil && p == nil)
    }

    #if os(Linux)
    /// inotify: a file created in the folder is reported once, after the burst.
    @Test func inotifyReportsAFileCreatedInTheFolder() async throws {
        let tree = TemporaryTree()
        let watcher = DirectoryWatcher()
        watcher.coalescing = .milliseconds(50)
        var reports = 0
        var watch: DirectoryWatch?
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            watch = watcher.watch(tree.bytePath) {
                reports += 1
                done.resume()
            }
            for index in 0..<20 { tree.file("new-\(index)", text: "x") }
        }
        try await Task.sleep(for: .milliseconds(200))
        #expect(reports == 1, "twenty files, one report")
        watch?.cancel()
        tree.file("after", text: "x")
        try await Task.sleep(for: .milliseconds(200))
        #expect(reports == 1, "cancelled: no more reports")
    }
    #endif
}
