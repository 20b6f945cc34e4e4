import NIOCore
import ShojiSSH
import Testing

/// `SessionClock`: the one rule both transports hang up by (finding F of
/// issue 49: sessions that never send a key held every place for the idle
/// timeout).
struct SessionClockTests {
    private var limits: SessionLimits {
        var limits = SessionLimits()
        limits.inputGracePeriod = 60
        limits.idleTimeout = 900
        return limits
    }

    @Test func aSessionWithoutAKeyExpiresAfterTheGracePeriodResizesOrNot() {
        let start = NIODeadline.now()
        var clock = SessionClock(startingAt: start)
        #expect(clock.expiry(at: start + .seconds(59), under: limits) == nil)
        clock.noteResize(at: start + .seconds(30))
        #expect(clock.deadline(under: limits) == start + .seconds(60))
        #expect(clock.expiry(at: start + .seconds(60), under: limits) == .noKeys(60))
        #expect("\(SessionClock.Expiry.noKeys(60))" == "no key within 60 s")
    }

    @Test func aKeyEndsTheGracePeriodAndTheIdleTimeoutCountsFromTheLastInput() {
        let start = NIODeadline.now()
        var clock = SessionClock(startingAt: start)
        clock.noteKeys(at: start + .seconds(10))
        #expect(clock.expiry(at: start + .seconds(61), under: limits) == nil)
        #expect(clock.deadline(under: limits) == start + .seconds(910))
        clock.noteResize(at: start + .seconds(500))
        #expect(clock.expiry(at: start + .seconds(1399), under: limits) == nil)
        #expect(clock.expiry(at: start + .seconds(1400), under: limits) == .idle(900))
        #expect("\(SessionClock.Expiry.idle(900))" == "no input for 15 min")
    }

    @Test func theSessionOptionsSetTheLimitsOnce() throws {
        let options = try SessionServeOptions.parse([
            "--max-sessions", "20", "--max-per-address", "5", "--max-pending", "50", "--max-pending-per-address", "3",
            "--idle-timeout", "30", "--input-grace", "7", "--max-terminal-size", "100x40",
        ])
        var limits = SessionLimits()
        options.apply(to: &limits)
        #expect(limits.maximumSessions == 20 && limits.maximumSessionsPerAddress == 5, "a quarter of 20")
        #expect(limits.maximumConnectionsPerAddress == 5 && limits.maximumPendingConnections == 50)
        #expect(limits.maximumPendingPerAddress == 3 && limits.idleTimeout == 30 && limits.inputGracePeriod == 7)
        #expect(limits.maximumTerminalSize == TerminalSize(columns: 100, rows: 40))
        let old = try SessionServeOptions.parse(["--max-unauthenticated", "9"])
        old.apply(to: &limits)
        #expect(limits.maximumPendingConnections == 9, "the SSH spelling still works")
        #expect(throws: (any Error).self) { try SessionServeOptions.parse(["--input-grace", "0"]) }
    }
}
