/// The answer to a pending back request, given once by the presentable that
/// asked (typically from a confirmation alert's result).
///
/// Approving removes the entry that asked and anything above it (such as the
/// alert that asked the question), so the answer works whether or not the
/// alert has been dismissed yet. If the entry already left the stack the
/// approval is stale and does nothing: a late "yes" never pops the wrong screen.
@MainActor
public final class BackApproval {
    private weak var router: StackRouter?
    let entryID: ObjectIdentifier
    /// What the answer did; nil until answered, and nil after a stale answer.
    public private(set) var outcome: BackOutcome?
    /// Whether `approve()` or `deny()` was called.
    public private(set) var isAnswered = false

    init(router: StackRouter, entryID: ObjectIdentifier) {
        self.router = router
        self.entryID = entryID
    }

    /// Go back after all. Returns `.popped` or `.dismissedModal`, or nil when stale.
    @discardableResult
    public func approve() -> BackOutcome? {
        answer(approved: true)
    }

    /// Stay on the screen.
    public func deny() {
        answer(approved: false)
    }

    @discardableResult
    private func answer(approved: Bool) -> BackOutcome? {
        guard !isAnswered else { return outcome }
        isAnswered = true
        outcome = router?.resolvePendingBack(self, approved: approved)
        return outcome
    }
}
