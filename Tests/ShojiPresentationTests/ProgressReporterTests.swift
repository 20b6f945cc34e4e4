import Foundation
import Testing
import ShojiPresentation

/// `ProgressReporter`: reports from a worker thread reach the main actor,
/// coalesced, and the last one always arrives.
@MainActor
struct ProgressReporterTests {
    /// What the main actor received.
    @MainActor final class Received {
        var progresses: [WorkProgress] = []
    }

    @Test func reportsFromAWorkerArriveOnTheMainActorCoalescedAndTheLastOneWins() async {
        let received = Received()
        let reporter = ProgressReporter { progress in
            MainActor.assertIsolated("delivered on the main actor")
            received.progresses.append(progress)
        }
        let total = 100_000
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for count in 1...total { reporter.report(WorkProgress("Reading", completed: count, total: total)) }
                done.resume()
            }
        }
        let deadline = Date().addingTimeInterval(10)
        while received.progresses.last?.completed != total, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
        #expect(received.progresses.last == WorkProgress("Reading", completed: total, total: total))
        #expect(received.progresses.count < total / 10, "coalesced: \(received.progresses.count) deliveries")
        #expect(received.progresses.map(\.completed) == received.progresses.map(\.completed).sorted(),
                "never an older progress after a newer one")
    }
}
