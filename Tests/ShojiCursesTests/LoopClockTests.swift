import Testing
@testable import ShojiCurses

@MainActor
struct VirtualLoopClockTests {
    @Test func timersFireInTimeOrderOnlyWhenTimeAdvances() {
        let clock = VirtualLoopClock()
        var fired: [String] = []
        _ = clock.after(.milliseconds(300)) { fired.append("late") }
        _ = clock.after(.milliseconds(100)) { fired.append("early") }
        #expect(fired.isEmpty)
        clock.advance(by: .milliseconds(100))
        #expect(fired == ["early"])
        clock.advance(by: .milliseconds(500))
        #expect(fired == ["early", "late"])
        #expect(clock.pendingCount == 0)
        #expect(clock.now == .milliseconds(600))
    }

    @Test func repeatingTimersTickUntilCancelled() {
        let clock = VirtualLoopClock()
        var ticks = 0
        let timer = clock.repeating(every: .milliseconds(80)) { ticks += 1 }
        clock.advance(by: .milliseconds(400))
        #expect(ticks == 5)
        timer.cancel()
        clock.advance(by: .seconds(1))
        #expect(ticks == 5)
        #expect(timer.isCancelled)
    }

    @Test func aTimerSeesTheTimeItWasDueAt() {
        let clock = VirtualLoopClock()
        var seen: Duration?
        _ = clock.after(.milliseconds(250)) { seen = clock.now }
        clock.advance(by: .seconds(2))
        #expect(seen == .milliseconds(250))
    }
}

@MainActor
struct DispatchLoopClockTests {
    private final class Owner {}

    /// A cancelled timer lets go of its action at once, and with it what the
    /// action holds: before, the dispatch source kept the action until
    /// libdispatch got round to tearing it down, and a process that exited
    /// first left a weak reference's side table behind (LeakSanitizer
    /// reported it from the notes app's loading spinner).
    @Test func cancellingLetsGoOfTheActionAtOnce() {
        let clock = DispatchLoopClock()
        var owner: Owner? = Owner()
        weak let watched = owner
        let timer = clock.repeating(every: .seconds(60)) { [owner] in _ = owner }
        owner = nil
        #expect(watched != nil, "the action holds the owner while the timer runs")
        timer.cancel()
        #expect(watched == nil)
    }
}
