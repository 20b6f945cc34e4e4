import Foundation

/// How an account stands against password guessing, kept with the account
/// so that every session and server counts together: 64 sessions cannot
/// each get their own free attempts against one account.
package struct SignInLock: Sendable, Equatable {
    /// Wrong passwords in a row since the last right one or the last lock.
    package var failures: Int
    /// Locks since the last right password; each lasts longer than the one before.
    package var locks: Int
    /// Until when sign-in is refused, if it is.
    package var lockedUntil: Date?

    package init(failures: Int = 0, locks: Int = 0, lockedUntil: Date? = nil) {
        self.failures = failures
        self.locks = locks
        self.lockedUntil = lockedUntil
    }

    /// Whether sign-in is refused at `now`.
    package func isLocked(at now: Date) -> Bool {
        lockedUntil.map { $0 > now } ?? false
    }
}

/// When wrong passwords lock an account, and for how long. A lock is also a
/// way to keep someone else out (anyone may type ten wrong passwords for
/// alice), so it is always temporary: it expires, the operator can lift it
/// (`catalog accounts unlock EMAIL`), and a key linked to the account
/// still signs in over SSH while it lasts.
package struct SignInLockPolicy: Sendable, Equatable {
    /// Wrong passwords in a row that lock the account.
    package var bound: Int
    /// The first lock, in seconds; each further one doubles it...
    package var firstLock: TimeInterval
    /// ...up to this.
    package var longestLock: TimeInterval

    package init(bound: Int, firstLock: TimeInterval, longestLock: TimeInterval) {
        self.bound = bound
        self.firstLock = firstLock
        self.longestLock = longestLock
    }

    /// Ten wrong passwords lock for 5 min, then 10, 20, ... at most 2 h:
    /// a guesser gets about 130 tries a day at best; scrypt and the
    /// session's own throttle slow each one.
    package static let standard = SignInLockPolicy(bound: 10, firstLock: 5 * 60, longestLock: 2 * 60 * 60)

    /// How long lock number `number` (1 for the first) lasts.
    package func duration(ofLock number: Int) -> TimeInterval {
        min(firstLock * Double(1 << min(max(number - 1, 0), 30)), longestLock)
    }

    /// The state after one more wrong password at `now`, from `lock`.
    package func failing(_ lock: SignInLock, at now: Date) -> SignInLock {
        guard lock.failures + 1 >= bound else {
            return SignInLock(failures: lock.failures + 1, locks: lock.locks, lockedUntil: lock.lockedUntil)
        }
        let locks = lock.locks + 1
        return SignInLock(failures: 0, locks: locks, lockedUntil: now.addingTimeInterval(duration(ofLock: locks)))
    }
}
