import Testing
@testable import TopPresenters

@MainActor
struct SignalsPresenterTests {
    @Test func offersTheSignalsAndAnswersWithTheChosenOne() {
        let process = ProcessRow(pid: 31, parent: 1, user: "u", cpu: 0, memory: 0, residentKiB: 0, state: "S", ticks: 0,
                                 command: "sleep 1000", threads: 1, name: "sleep")
        let presenter = SignalsPresenter(process: process)
        #expect(presenter.target == "31 (sleep)")
        #expect((0..<presenter.rowCount).map { presenter.row(at: $0).title } == ["TERM", "KILL", "HUP", "INT", "STOP", "CONT", "USR1", "USR2"])
        var answer: ProcessSignal?
        presenter.result.onOutcome { answer = $0.value }
        presenter.didChoose(index: 1)
        #expect(answer == .kill)
        #expect(ProcessSignal.allCases.filter(\.isDestructive) == [.term, .kill, .stop])
    }
}
