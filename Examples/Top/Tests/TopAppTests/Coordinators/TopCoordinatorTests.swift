import Testing
import ShojiAppKit
import ShojiTesting
@testable import TopApp
@testable import TopPresenters

/// Records the signals the coordinator sent, refusing them when told to.
@MainActor
final class FakeSignaller: ProcessSignalling {
    var sent: [(ProcessSignal, Int32)] = []
    var refusal: String?
    func send(_ signal: ProcessSignal, to pid: Int32) throws(SignalError) {
        if let refusal { throw SignalError(reason: refusal) }
        sent.append((signal, pid))
    }
}

@MainActor
struct TopCoordinatorTests {
    private func flow(canSignal: Bool = true) -> (FakeProc, MockRouter, TopCoordinator, FakeSignaller) {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        proc.add(pid: 31, name: "sleep", command: ["sleep", "1000"])
        let router = MockRouter(), signaller = FakeSignaller()
        let top = TopCoordinator(router: router, monitor: proc.monitor(), clock: nil, canSignal: canSignal, signaller: signaller)
        return (proc, router, top, signaller)
    }

    private var sleepRow: ProcessRow {
        ProcessRow(pid: 31, parent: 1, user: "alice", cpu: 0, memory: 0, residentKiB: 0, state: "S", ticks: 0,
                   command: "sleep 1000", threads: 1, name: "sleep")
    }

    @Test func startsWithTheTableInTheSplitAndReadsOnce() {
        let (_, router, top, _) = flow()
        top.start()
        #expect(router.log == ["setRoot(SplitContainer)"])
        #expect(top.split.primaryRouter.top?.presentable is ProcessesPanelView)
        #expect(top.monitor.snapshot.generation == 1)
    }

    @Test func theDetailFollowsTheHighlightAndOpensOnChoose() {
        let (_, _, top, _) = flow()
        top.start()
        top.split.layout(width: 200)
        top.processes(didHighlight: 31)
        let detail = top.split.secondaryRouter.top?.presentable as? ProcessDetailPanelView
        #expect(detail?.presenter.pid == 31)
        top.processes(didHighlight: 1)
        // The same screen shows the next process in place.
        #expect(top.split.secondaryRouter.top?.presentable === detail && detail?.presenter.pid == 1)
        top.processes(didChoose: 1)
        #expect(top.split.isDetailOpen)
    }

    @Test func aHarmlessSignalIsSentAtOnce() throws {
        let (_, router, top, signaller) = flow()
        top.start()
        top.processes(didAskToSignal: sleepRow)
        let sheet = try #require(router.entries.last?.presentable as? SignalsPanelView)
        #expect(sheet.title == "Send a signal to 31 (sleep)")
        sheet.presenter.didChoose(index: ProcessSignal.allCases.firstIndex(of: .cont)!)
        #expect(signaller.sent.map(\.0) == [.cont] && signaller.sent.map(\.1) == [31])
    }

    @Test func aDestructiveSignalIsConfirmedFirst() throws {
        let (_, router, top, signaller) = flow()
        top.start()
        top.processes(didAskToSignal: sleepRow)
        try #require(router.entries.last?.presentable as? SignalsPanelView).presenter.didChoose(index: 0)
        let confirm = try #require(router.entries.last?.presentable as? AlertPanelView<Bool>)
        #expect(confirm.alert.message == "Send TERM to 31 (sleep)?")
        #expect(signaller.sent.isEmpty)
        confirm.choose("Send")
        #expect(signaller.sent.map(\.0) == [.term])
    }

    @Test func theKernelsRefusalIsShown() throws {
        let (_, router, top, signaller) = flow()
        signaller.refusal = "Operation not permitted"
        top.start()
        let initRow = ProcessRow(pid: 1, parent: 0, user: "root", cpu: 0, memory: 0, residentKiB: 0, state: "S",
                                 ticks: 0, command: "/sbin/init", threads: 1, name: "init")
        top.processes(didAskToSignal: initRow)
        try #require(router.entries.last?.presentable as? SignalsPanelView).presenter.didChoose(index: 0)
        try #require(router.entries.last?.presentable as? AlertPanelView<Bool>).choose("Send")
        let refusal = try #require(router.entries.last?.presentable as? AlertPanelView<Void>)
        #expect(refusal.alert.message == "Could not send TERM to 1 (init): Operation not permitted")
    }

    @Test func visitorsGetNoSheet() {
        let (_, router, top, _) = flow(canSignal: false)
        top.start()
        router.clearCalls()
        top.processes(didAskToSignal: sleepRow)
        #expect(router.calls.isEmpty)
    }

    @Test func theRealKernelRefusesAnImpossiblePID() {
        #expect(throws: SignalError.self) { try KernelSignaller().send(.cont, to: Int32.max) }
    }
}
