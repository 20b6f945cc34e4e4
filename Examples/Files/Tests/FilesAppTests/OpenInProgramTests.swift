import Foundation
import Testing
import ShojiAppKit
@testable import FilesApp
@testable import FilesPresenters

/// Enter / `e` and `o` on a file: the coordinator runs the editor or pager
/// (a fake here; the real vi and less run in the end-to-end tests), then
/// reads the directory again with the selection kept. In the snapshot
/// suite: one screen at a time.
extension SnapshotTests {
    /// Records what it was asked to run and answers `answer`.
    final class FakeRunner {
        var programs: [ExternalProgram] = []
        var answer: Result<ProgramExit, ProgramError> = .success(.exited(0))
        var whileRunning: () -> Void = {}
    }

    private func opening(_ runner: FakeRunner, environment: [String: String] = ["EDITOR": "vi", "PAGER": "less"])
        -> (TerminalScreen, AppFrame, FilesCoordinator, ImmediateLoader)
    {
        let screen = TerminalScreen.headless(size: CellSize(width: 60, height: 12))
        let frame = AppFrame(screen: screen, rootRouter: StackRouter(), title: "files")
        let loader = ImmediateLoader()
        loader.listings[root] = [entry("docs", .directory), entry("-rf"), entry("my notes.txt")]
        loader.listings[root.appending(Array("docs".utf8))] = []
        let files = FilesCoordinator(router: frame.host.rootRouter, root: root, loader: loader)
        files.environment = environment
        files.runProgram = { program throws(ProgramError) in
            runner.programs.append(program)
            runner.whileRunning()
            return try runner.answer.get()
        }
        files.start()
        screen.render()
        return (screen, frame, files, loader)
    }

    private func top(_ files: FilesCoordinator) -> DirectoryPanelView? {
        files.router.top?.presentable as? DirectoryPanelView
    }

    @Test func enterAndEEditAFileAndOPagesItWithThePathAsOneArgument() throws {
        let runner = FakeRunner()
        let (screen, frame, files, _) = opening(runner, environment: ["EDITOR": "code --wait", "PAGER": ""])
        defer { screen.end(); _ = files }
        frame.handle(.down)
        frame.handle(.down)  // my notes.txt (directories first, then "-rf")
        frame.handle(.enter)
        frame.handle(.character("e"))
        frame.handle(.character("o"))
        let path = Array("/hostile/my notes.txt".utf8)
        #expect(runner.programs == [
            ExternalProgram(argumentBytes: [Array("code".utf8), Array("--wait".utf8), path]),
            ExternalProgram(argumentBytes: [Array("code".utf8), Array("--wait".utf8), path]),
            ExternalProgram(argumentBytes: [Array("less".utf8), path]),
        ])
        // A name that looks like an option is still an absolute path.
        frame.handle(.up)
        frame.handle(.character("o"))
        #expect(runner.programs.last?.arguments.last == Array("/hostile/-rf".utf8))
    }

    @Test func onADirectoryEnterOpensItAndEAndORunNothing() throws {
        let runner = FakeRunner()
        let (screen, frame, files, _) = opening(runner)
        defer { screen.end(); _ = files }
        frame.handle(.character("e"))
        frame.handle(.character("o"))
        #expect(runner.programs.isEmpty)
        #expect(!(top(files)?.bindings.contains { $0.label == "edit" } ?? true), "the footer offers no edit on a directory")
        frame.handle(.enter)
        #expect(files.router.entries.count == 2)
        #expect(runner.programs.isEmpty)
    }

    @Test func afterTheProgramTheListingIsReadAgainWithTheSelectionKept() throws {
        let runner = FakeRunner()
        let (screen, frame, files, loader) = opening(runner)
        defer { screen.end(); _ = files }
        frame.handle(.down)
        frame.handle(.down)
        // The editor saves a new file that sorts before the selected one.
        runner.whileRunning = { loader.listings[self.root]?.append(entry("a-new-file")) }
        let loadsBefore = loader.loads.count
        frame.handle(.enter)
        #expect(loader.loads.count == loadsBefore + 1)
        screen.render()
        let view = try #require(top(files))
        #expect(view.table.selectedIndex.flatMap(view.presenter.entry(atRow:))?.name == Array("my notes.txt".utf8))
        #expect(screen.snapshot().lines.contains { $0.hasPrefix("a-new-file") })
        #expect(files.router.top?.presentable === view, "no alert after a clean exit")
    }

    @Test func aFailedExitAndAProgramThatCannotStartAreShown() throws {
        let runner = FakeRunner()
        let (screen, frame, files, _) = opening(runner)
        defer { screen.end(); _ = files }
        frame.handle(.down)
        runner.answer = .success(.exited(1))
        frame.handle(.enter)
        var alert = try #require(files.router.top?.presentable as? AlertPanelView<Void>)
        #expect(alert.alert.title == "vi exited with status 1")
        frame.handle(.enter)
        runner.answer = .failure(ProgramError(program: "less", code: ENOENT))
        frame.handle(.character("o"))
        alert = try #require(files.router.top?.presentable as? AlertPanelView<Void>)
        #expect(alert.alert.message == "cannot run 'less': No such file or directory.")
    }
}
