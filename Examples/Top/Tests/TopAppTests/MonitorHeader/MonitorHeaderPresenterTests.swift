import Testing
@testable import TopPresenters

/// Records what the header's presenter told its view.
@MainActor
final class MockMonitorHeaderView: MonitorHeaderView {
    var headers: [MonitorHeader] = []
    var history: [Double] = []
    func showHeader(_ header: MonitorHeader) { headers.append(header) }
    func showHistory(_ values: [Double], appending: Bool) { history = (appending ? history : []) + values }
}

@MainActor
struct MonitorHeaderPresenterTests {
    @Test func metersLinesPauseAndOneGraphSamplePerRefresh() async {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        let monitor = proc.monitor()
        monitor.refresh()
        let view = MockMonitorHeaderView()
        let presenter = MonitorHeaderPresenter(monitor: monitor)
        presenter.view = view
        presenter.viewDidLoad()
        await Task.yield()
        #expect(view.headers.last?.meters.map(\.label) == ["CPU0", "CPU1", "Mem", "Swp"])
        #expect(view.headers.last?.meters[2].text == "1953M/7813M")
        #expect(view.headers.last?.lines == ["Tasks: 1, 0 running", "Load average: 0.52 0.58 0.59", "Uptime: 1d 2:03"])
        #expect(view.history == [0] && presenter.height == 5)
        proc.setCPUs(total: (busy: 1200, idle: 9200), each: [(busy: 450, idle: 4750), (busy: 750, idle: 4450)])
        monitor.refresh()
        await Task.yield()
        #expect(view.history == [0, 50])
        monitor.isPaused = true
        await Task.yield()
        #expect(view.headers.last?.lines.first == "Tasks: 1, 0 running  paused")
    }

    @Test func manyCPUsShowAsOneMeter() {
        var summary = SystemSummary()
        summary.cpus = Array(repeating: 10, count: 64)
        summary.total = 10
        #expect(MonitorHeader(summary, paused: false).meters.map(\.label) == ["CPU", "Mem", "Swp"])
    }
}
