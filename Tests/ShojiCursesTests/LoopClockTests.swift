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
