import Testing
@testable import TopPresenters

@MainActor
struct ProcessMonitorTests {
    @Test func usageComesFromTwoSamples() throws {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", ticks: 500, residentPages: 2000, command: ["/sbin/init"])
        proc.add(pid: 9, name: "busy", state: "R", ticks: 1000, command: ["busy"])
        let monitor = proc.monitor()
        monitor.refresh()
        // One sample: no usage yet.
        #expect(monitor.snapshot.processes.allSatisfy { $0.cpu == 0 })
        #expect(monitor.snapshot.summary.total == 0)
        // 200 ticks later on each of 2 CPUs (400 in all): busy used 150 of one CPU's 200.
        proc.setCPUs(total: (busy: 1200, idle: 9200), each: [(busy: 450, idle: 4750), (busy: 750, idle: 4450)])
        proc.setTicks(pid: 9, name: "busy", state: "R", ticks: 1150)
        monitor.refresh()
        let busy = try #require(monitor.snapshot.processes.first { $0.pid == 9 })
        #expect(busy.cpu == 75)
        #expect(monitor.snapshot.summary.total == 50)
        #expect(monitor.snapshot.summary.cpus == [25, 75])
        #expect(monitor.snapshot.summary.tasks == 2 && monitor.snapshot.summary.running == 1)
        let initRow = try #require(monitor.snapshot.processes.first { $0.pid == 1 })
        #expect(initRow.residentKiB == 8000 && initRow.memory == 0.1)
        #expect(initRow.user == "alice")
        #expect(monitor.history == [0, 50])
    }

    @Test func aReusedPIDStartsFromZero() throws {
        let proc = FakeProc()
        proc.add(pid: 9, name: "old", ticks: 1000, start: 100, command: ["old"])
        let monitor = proc.monitor()
        monitor.refresh()
        proc.setCPUs(total: (busy: 1200, idle: 9200), each: [(busy: 450, idle: 4750), (busy: 750, idle: 4450)])
        proc.remove(pid: 9)
        proc.add(pid: 9, name: "new", ticks: 1100, start: 900, command: ["new"])
        monitor.refresh()
        let row = try #require(monitor.snapshot.processes.first)
        #expect(row.cpu == 0 && row.command == "new")
    }

    @Test func pausedRefreshesReadNothing() {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        let monitor = proc.monitor()
        monitor.refresh()
        monitor.isPaused = true
        proc.add(pid: 2, name: "later", command: ["later"])
        monitor.refresh()
        #expect(monitor.snapshot.processes.count == 1 && monitor.snapshot.generation == 1)
    }

    @Test func theTreePutsChildrenUnderTheirParent() {
        let rows = [row(1, 0), row(2, 0), row(5, 1), row(7, 5), row(6, 1), row(9, 2), row(12, 44)]
        let tree = ProcessTree(rows)
        #expect(tree.order.map { rows[$0.index].pid } == [1, 5, 7, 6, 2, 9, 12])
        #expect(tree.order.map(\.depth) == [0, 1, 2, 1, 0, 1, 0])
    }

    @Test func formats() {
        #expect(Format.percent(12.345) == "12.3")
        #expect(Format.kibibytes(812) == "812K" && Format.kibibytes(24_000) == "23.4M" && Format.kibibytes(3_000_000) == "2930M" && Format.kibibytes(30_000_000) == "28.6G")
        #expect(Format.time(seconds: 75.5) == "1:15.50")
        #expect(Format.uptime(seconds: 93784) == "1d 2:03")
        #expect(Format.load(0.5) == "0.50")
    }

    private func row(_ pid: Int32, _ parent: Int32) -> ProcessRow {
        ProcessRow(pid: pid, parent: parent, user: "u", cpu: 0, memory: 0, residentKiB: 0, state: "S", ticks: 0,
                   command: "p\(pid)", threads: 1)
    }
}
