import Testing
import ShojiPresentation
@testable import TopPresenters

@MainActor
struct ProcessesPresenterTests {
    private func loaded(canSignal: Bool = true) async -> (FakeProc, ProcessesPresenter, MockProcessesView, MockTopOutput) {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", ticks: 500, command: ["/sbin/init"])
        proc.add(pid: 2, parent: 0, name: "kthreadd")
        proc.add(pid: 30, parent: 1, name: "bash", ticks: 7550, residentPages: 1000, command: ["-bash"])
        proc.add(pid: 31, parent: 30, name: "sleep", command: ["sleep", "1000"])
        let monitor = proc.monitor()
        monitor.refresh()
        let presenter = ProcessesPresenter(monitor: monitor, canSignal: canSignal)
        let view = MockProcessesView(), output = MockTopOutput()
        presenter.view = view
        presenter.output = output
        presenter.viewDidLoad()
        await Task.yield()
        return (proc, presenter, view, output)
    }

    @Test func rowsAreFormattedForTheColumns() async {
        let (_, presenter, view, _) = await loaded()
        #expect(presenter.rowCount == 4)
        #expect(view.rowsShown >= 1)
        #expect(presenter.cells(at: 2) == ["30", "alice", "0.0", "0.1", "4000K", "S", "1:15.50", "-bash"])
        #expect(presenter.cells(at: 1).last == "[kthreadd]")
        #expect(presenter.filterText(at: 3) == "31 alice sleep 1000")
        #expect(presenter.itemID(at: 3) == AnyHashable(Int32(31)))
    }

    @Test func sortsNumericallyByEveryColumn() async {
        let (_, presenter, _, _) = await loaded()
        // By RSS: 1000 pages (bash) after 256 (the others), not "4000K" < "1024K" as text.
        #expect(presenter.sortsBefore(0, 2, byColumn: ProcessesPresenter.Column.resident.rawValue))
        #expect(!presenter.sortsBefore(2, 0, byColumn: ProcessesPresenter.Column.resident.rawValue))
        #expect(presenter.sortsBefore(0, 2, byColumn: ProcessesPresenter.Column.time.rawValue))
        #expect(presenter.sortsBefore(2, 3, byColumn: ProcessesPresenter.Column.command.rawValue))
        #expect(presenter.sortsBefore(0, 1, byColumn: ProcessesPresenter.Column.cpu.rawValue))
    }

    @Test func treeModeIndentsChildrenUnderTheirParent() async {
        let (_, presenter, view, _) = await loaded()
        presenter.toggleTree()
        #expect(view.tree == [false, true])
        #expect((0..<presenter.rowCount).map { presenter.cells(at: $0).last } == ["/sbin/init", "└ -bash", "  └ sleep 1000", "[kthreadd]"])
        presenter.toggleTree()
        #expect(presenter.cells(at: 1).last == "[kthreadd]")
    }

    @Test func pauseStopsRefreshing() async {
        let (proc, presenter, _, _) = await loaded()
        presenter.togglePause()
        proc.add(pid: 99, name: "new", command: ["new"])
        presenter.monitor.refresh()
        await Task.yield()
        #expect(presenter.rowCount == 4)
        presenter.togglePause()
        presenter.monitor.refresh()
        await Task.yield()
        #expect(presenter.rowCount == 5)
    }

    @Test func highlightChooseAndSignalReachTheOutput() async {
        let (_, presenter, _, output) = await loaded()
        presenter.didSelect(row: 3)
        presenter.didChoose(row: 3)
        presenter.askToSignal()
        presenter.didSelect(row: nil)
        presenter.askToSignal()
        #expect(output.highlighted == [31, nil])
        #expect(output.chosen == [31])
        #expect(output.signalled == [31])
    }

    @Test func visitorsCannotAskForASignal() async {
        let (_, presenter, _, output) = await loaded(canSignal: false)
        presenter.didSelect(row: 3)
        presenter.askToSignal()
        #expect(output.signalled.isEmpty)
    }
}
