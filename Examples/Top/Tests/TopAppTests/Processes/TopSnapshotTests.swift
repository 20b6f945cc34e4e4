import Testing
import ShojiAppKit
import ShojiTesting
@testable import TopApp
@testable import TopPresenters

/// The whole monitor on a headless screen over a fake /proc with fixed
/// samples, at 80x24 (the detail covers the table) and 160x48 (beside it).
@MainActor
struct TopSnapshotTests {
    /// A fake system: two refreshes 200 ticks apart on 2 CPUs.
    private func system() -> FakeProc {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "systemd", ticks: 930, residentPages: 3200, command: ["/sbin/init", "splash"])
        proc.add(pid: 2, parent: 0, name: "kthreadd")
        proc.add(pid: 3, parent: 2, name: "kworker/0:1", state: "I")
        proc.add(pid: 412, parent: 1, name: "sshd", ticks: 41, residentPages: 2100, command: ["sshd: /usr/sbin/sshd -D"])
        proc.add(pid: 1200, parent: 412, name: "bash", ticks: 310, residentPages: 1300, command: ["-bash"])
        proc.add(pid: 1311, parent: 1200, name: "make", state: "R", ticks: 12000, residentPages: 52000, threads: 3,
                 command: ["make", "-j2", "\u{1B}]0;pwned\u{7}"])
        proc.add(pid: 1320, parent: 1200, name: "sleep", ticks: 0, residentPages: 180, command: ["sleep", "1000"])
        return proc
    }

    private func secondSample(_ proc: FakeProc) {
        proc.setCPUs(total: (busy: 1250, idle: 9150), each: [(busy: 550, idle: 4650), (busy: 700, idle: 4500)])
        proc.setTicks(pid: 1311, parent: 1200, name: "make", state: "R", ticks: 12150, residentPages: 52000, threads: 3)
        proc.setTicks(pid: 1, parent: 0, name: "systemd", ticks: 932, residentPages: 3200)
    }

    /// The monitor on `harness`, refreshed a second time (usage needs two samples).
    private func start(_ proc: FakeProc, on harness: ScreenHarness) async {
        let top = TopCoordinator(router: harness.router, monitor: proc.monitor(), clock: nil)
        harness.start(top)
        secondSample(proc)
        top.monitor.refresh()
        await harness.settle()
        harness.render()
    }

    /// `keys`, then what their observers did, drawn.
    private func press(_ keys: [TerminalKey], on harness: ScreenHarness) async {
        harness.press(keys)
        await harness.settle()
        harness.render()
    }

    @Test func theTableAt80x24AndTheDetailCoveringIt() async {
        let proc = system()
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "top") { harness in
            await start(proc, on: harness)
            // The header: a meter per CPU, memory, swap; tasks, load, uptime.
            #expect(harness.lines[1].hasPrefix("CPU0 ") && harness.lines[1].contains("75.0%"))
            #expect(harness.lines[2].hasPrefix("CPU1 ") && harness.lines[2].contains("Load average: 0.52 0.58 0.59"))
            #expect(harness.lines[1].contains("Tasks: 7, 1 running") && harness.lines[3].contains("Uptime: 1d 2:03"))
            #expect(harness.lines[3].hasPrefix("Mem ") && harness.lines[3].contains("1953M/7813M"))
            #expect(harness.lines[7].hasPrefix("    PID USER"))
            // Busiest first; the escape in make's arguments drawn, not sent.
            #expect(harness.lines[8].contains("1311") && harness.lines[8].contains("75.0"))
            #expect(!harness.text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
            harness.expectSnapshot("table-80x24")
            await press([.home, .enter], on: harness)
            #expect(harness.contains("1311 make"))
            harness.expectSnapshot("detail-80x24")
        }
    }

    @Test func theTableAndItsDetailSideBySideAt160x48() async {
        let proc = system()
        await withScreenHarness(size: CellSize(width: 160, height: 48), title: "top") { harness in
            await start(proc, on: harness)
            await press([.home], on: harness)
            // The detail beside the table follows the highlighted process.
            #expect(harness.contains("Command: make -j2 \\x1b]0;pwned\\x07"))
            await press([.down], on: harness)
            #expect(harness.contains("Command: /sbin/init splash") && harness.contains("Children: 412 sshd"))
            harness.expectSnapshot("table-and-detail-160x48")
            await press([.character("t")], on: harness)
            #expect(harness.contains("└ -bash"))
            harness.expectSnapshot("tree-160x48")
        }
    }

    @Test func filterSignalSheetAndPause() async {
        let proc = system()
        await withScreenHarness(size: CellSize(width: 80, height: 24), title: "top") { harness in
            let signaller = FakeSignaller()
            let top = TopCoordinator(router: harness.router, monitor: proc.monitor(), clock: nil, signaller: signaller)
            harness.start(top)
            await press([.character(" ")], on: harness)
            #expect(harness.lines[1].contains("Tasks: 7, 1 running  paused"))
            await press([.character(" ")], on: harness)
            #expect(!harness.lines[1].contains("paused"))
            harness.type("/sleep")
            harness.press(.enter)
            await harness.settle()
            harness.render()
            #expect(harness.lines[8].contains("sleep 1000"))
            harness.type("k")
            harness.render()
            #expect(harness.contains("Send a signal to 1320 (sleep)"))
            harness.expectSnapshot("signal-sheet-80x24")
            harness.press(.enter)
            harness.render()
            #expect(harness.contains("Send TERM to 1320 (sleep)?"))
            harness.press(.left, .enter)
            #expect(signaller.sent.map(\.1) == [1320])
        }
    }
}
