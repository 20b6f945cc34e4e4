import Testing
import ShojiPresentation
@testable import TopPresenters

/// Records what the detail's presenter told its view.
@MainActor
final class MockProcessDetailView: ProcessDetailView {
    var shown: [(heading: String, fields: [DetailField], paragraphs: [String])] = []
    func show(heading: String, fields: [DetailField], paragraphs: [String]) { shown.append((heading, fields, paragraphs)) }
    func field(_ key: String) -> String? { shown.last?.fields.first { $0.key == key }?.value }
}

@MainActor
struct ProcessDetailPresenterTests {
    @Test func showsTheProcessItsChildrenAndFollowsTheRefresh() async {
        let proc = FakeProc()
        proc.add(pid: 30, name: "bash", threads: 2, command: ["-bash"], descriptors: 4)
        proc.add(pid: 31, parent: 30, name: "sleep", command: ["sleep", "1000"], environment: nil)
        let monitor = proc.monitor()
        monitor.refresh()
        let view = MockProcessDetailView()
        let presenter = ProcessDetailPresenter(monitor: monitor, pid: 30)
        presenter.view = view
        presenter.viewDidLoad()
        await Task.yield()
        #expect(view.shown.last?.heading == "30 bash")
        #expect(view.field("Threads") == "2" && view.field("Open files") == "4")
        #expect(view.shown.last?.paragraphs == ["Command: -bash", "Children: 31 sleep", "Environment:\nHOME=/root"])
        // Another process in place: its environment is not readable.
        presenter.show(pid: 31)
        #expect(view.shown.last?.paragraphs.last == "Environment: not readable")
        // It ends: the next refresh says so.
        proc.remove(pid: 31)
        monitor.refresh()
        await Task.yield()
        #expect(view.shown.last?.paragraphs == ["This process has ended."])
    }

    @Test func askingForASignalNamesTheProcess() async {
        let proc = FakeProc()
        proc.add(pid: 30, name: "bash", command: ["-bash"])
        let monitor = proc.monitor()
        monitor.refresh()
        let output = MockTopOutput()
        let presenter = ProcessDetailPresenter(monitor: monitor, pid: 30)
        presenter.output = output
        presenter.askToSignal()
        let visitor = ProcessDetailPresenter(monitor: monitor, pid: 30, canSignal: false)
        visitor.output = output
        visitor.askToSignal()
        #expect(output.signalled == [30])
    }
}
