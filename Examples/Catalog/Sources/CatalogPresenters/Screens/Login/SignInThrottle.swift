/// Slows wrong passwords down in one session (one app process, whichever
/// login screen they are typed on): the first `freeAttempts` failures cost
/// nothing more, then each one makes the next attempt wait 1 s, 2 s, 4 s, ...
/// up to `longestWait`. A served guest used to try passwords as fast as
/// scrypt answered (about 62 ms each), with none of SSH's limits. A success
/// starts the count again; so does a new session.
@MainActor
package final class SignInThrottle {
    package static let freeAttempts = 3
    package static let longestWait: Duration = .seconds(60)

    private let now: () -> Duration
    private var failures = 0
    private var nextAttempt: Duration?

    /// `now` is the time on the session's clock: the app's event-loop clock,
    /// so a headless run with a clock that only moves by hand throttles the
    /// same however long its steps take.
    package init(now: @escaping () -> Duration) {
        self.now = now
    }

    /// A throttle on real time.
    package convenience init() {
        let start = ContinuousClock.now
        self.init(now: { ContinuousClock.now - start })
    }

    /// Whole seconds to wait before the next attempt may be checked, or nil
    /// when it may go ahead now.
    package func secondsToWait() -> Int? {
        guard let nextAttempt else { return nil }
        let left = nextAttempt - now()
        guard left > .zero else { return nil }
        let (seconds, attoseconds) = left.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }

    /// A wrong email or password.
    package func failed() {
        failures += 1
        guard failures > Self.freeAttempts else { return }
        let doublings = min(failures - Self.freeAttempts - 1, 30)
        nextAttempt = now() + min(.seconds(1 << doublings), Self.longestWait)
    }

    package func succeeded() {
        failures = 0
        nextAttempt = nil
    }
}
