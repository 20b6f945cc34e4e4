import Testing
import ShojiPresentation
@testable import TopPresenters

/// Counts the presenter's redraw requests.
@MainActor
final class MockProcessChildrenView: ProcessChildrenView {
    var shown = 0
    func showChildren() { shown += 1 }
}

@MainActor
struct ProcessChildrenPresenterTests {
    private func system() -> FakeProc {
        let proc = FakeProc()
        proc.add(pid: 30, name: "bash", command: ["-bash"])
        proc.add(pid: 42, parent: 30, name: "sh", command: ["sh"])
        proc.add(pid: 31, parent: 30, name: "make", command: ["make"])
        proc.add(pid: 50, parent: 42, name: "sleep", command: ["sleep", "60"])
        proc.add(pid: 51, parent: 42, name: "sleep", command: ["sleep", "60"])
        return proc
    }

    @Test func listsTheChildrenByPidWithTheirOwnCountAndFollowsTheRefresh() async {
        let proc = system()
        let monitor = proc.monitor()
        monitor.refresh()
        let view = MockProcessChildrenView()
        let presenter = ProcessChildrenPresenter(monitor: monitor, pid: 30, isRoot: true)
        presenter.view = view
        presenter.viewDidLoad()
        #expect(presenter.title == "Children of 30 bash")
        #expect(presenter.children.map(\.pid) == [31, 42])
        #expect(presenter.row(at: 0) == ListRow(title: "31 make"))
        #expect(presenter.row(at: 1) == ListRow(title: "42 sh", secondary: "2 ›"))
        #expect(ProcessChildrenPresenter(monitor: monitor, pid: 42).title == "42 sh")
        proc.remove(pid: 31)
        monitor.refresh()
        await Task.yield()
        #expect(view.shown >= 1 && presenter.children.map(\.pid) == [42])
    }

    @Test func enterOnAChildAsksToDrillIntoIt() {
        let proc = system()
        let monitor = proc.monitor()
        monitor.refresh()
        let output = MockTopOutput()
        let presenter = ProcessChildrenPresenter(monitor: monitor, pid: 30)
        presenter.output = output
        presenter.didChoose(index: 1)
        presenter.didChoose(index: 5)
        #expect(withExtendedLifetime(proc) { output.drilled } == [42])
    }

    @Test func theDetailSaysWhenItMovesToAnotherProcess() {
        let proc = system()
        let monitor = proc.monitor()
        monitor.refresh()
        let output = MockTopOutput()
        let detail = ProcessDetailPresenter(monitor: monitor, pid: 30)
        detail.output = output
        detail.show(pid: 30)
        detail.show(pid: 42)
        #expect(withExtendedLifetime(proc) { output.movedTo } == [42])
    }
}
