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

    /// Every report a worker makes while the main actor is busy arrives as
    /// one delivery, the newest. (Counting deliveries while both run at
    /// once measured the scheduler, not the reporter: on a loaded machine
    /// the main actor ran often enough to take over 10,000 of 100,000.)
    @Test func reportsMadeWhileTheMainActorIsBusyArriveAsOneTheNewest() async {
        let received = Received()
        let reporter = ProgressReporter { progress in
            MainActor.assertIsolated("delivered on the main actor")
            received.progresses.append(progress)
        }
        let total = 100_000
        let finished = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for count in 1...total { reporter.report(WorkProgress("Reading", completed: count, total: total)) }
            finished.signal()
        }
        // This test holds the main actor until the worker is done: nothing
        // can be delivered meanwhile.
        finished.wait()
        #expect(received.progresses.isEmpty)
        await waitForDelivery(of: total, to: received)
        #expect(received.progresses.count == 1, "one delivery for every report made meanwhile")
        #expect(received.progresses.last == WorkProgress("Reading", completed: total, total: total))
    }

    /// Reports made while deliveries run arrive in order, never an older
    /// one after a newer, and the last one always arrives.
    @Test func reportsFromAWorkerArriveInOrderAndTheLastOneWins() async {
        let received = Received()
        let reporter = ProgressReporter { received.progresses.append($0) }
        let total = 100_000
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                for count in 1...total { reporter.report(WorkProgress("Reading", completed: count, total: total)) }
                done.resume()
            }
        }
        await waitForDelivery(of: total, to: received)
        #expect(received.progresses.last == WorkProgress("Reading", completed: total, total: total))
        #expect(received.progresses.map(\.completed) == received.progresses.map(\.completed).sorted(),
                "never an older progress after a newer one")
    }

    private func waitForDelivery(of total: Int, to received: Received) async {
        let deadline = Date().addingTimeInterval(10)
        while received.progresses.last?.completed != total, Date() < deadline {
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
