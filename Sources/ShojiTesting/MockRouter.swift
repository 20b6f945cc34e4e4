import ShojiNavigation

/// A `Routing` that records every call in order, for coordinator tests.
///
/// By default it also forwards each call to a real `StackRouter` (`stack`), so
/// lifecycle events, ownership and flow ending behave exactly as in the app and
/// a test can assert both "what was asked" and "what the stack became". With
/// `maintainsStack: false` it only records, and `back()` answers `backOutcome`.
@MainActor
public final class MockRouter: Routing {
    /// Every call made, in order, batch markers and relayouts included.
    public private(set) var calls: [RouterCall] = []
    /// The real stack the calls are forwarded to (empty when not maintained).
    public let stack = StackRouter()
    /// Whether calls are forwarded to `stack`.
    public let maintainsStack: Bool
    /// What `back()` answers when the stack is not maintained.
    public var backOutcome: BackOutcome = .atRoot

    /// A mock router; with `maintainsStack` false it only records.
    public init(maintainsStack: Bool = true) {
        self.maintainsStack = maintainsStack
    }

    /// `calls` as one-line summaries, batch markers and relayouts left out.
    public var log: [String] { calls.filter(\.isTransition).map(\.summary) }

    /// Forgets the calls recorded so far.
    public func clearCalls() { calls.removeAll() }

    /// The real stack's entries.
    public var entries: [RouterEntry] { stack.entries }

    /// Whether the real stack is displayed.
    public var isDisplayed: Bool {
        get { stack.isDisplayed }
        set { stack.isDisplayed = newValue }
    }

    /// The host of the real stack (which is what notifies it).
    public var host: (any RouterHost)? {
        get { stack.host }
        set { stack.host = newValue }
    }

    /// Records the push, then pushes onto the real stack.
    public func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        record(.push(RecordedPresentable(presentable))) { stack.push(presentable, owner: owner, onLeave: onLeave) }
    }

    /// Records the present, then presents on the real stack.
    public func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        record(.present(RecordedPresentable(presentable))) { stack.present(presentable, owner: owner, onLeave: onLeave) }
    }

    /// Records the pop, then pops the real stack.
    @discardableResult
    public func pop() -> Bool {
        record(.pop, otherwise: false) { stack.pop() }
    }

    /// Records the pop, then pops the real stack to `presentable`.
    @discardableResult
    public func pop(to presentable: any Presentable) -> Bool {
        record(.popTo(RecordedPresentable(presentable)), otherwise: false) { stack.pop(to: presentable) }
    }

    /// Records the call, then pops the real stack to its root.
    public func popToRoot() {
        record(.popToRoot) { stack.popToRoot() }
    }

    /// Records the call, then sets the real stack's root.
    public func setRoot(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        record(.setRoot(RecordedPresentable(presentable))) { stack.setRoot(presentable, owner: owner, onLeave: onLeave) }
    }

    /// Records the call, then replaces the real stack.
    public func setStack(_ entries: [RouterEntry]) {
        record(.setStack(entries.map { RecordedPresentable($0.presentable) })) { stack.setStack(entries) }
    }

    /// Records the call, then replaces the real stack's top.
    public func replaceTop(with presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        record(.replaceTop(RecordedPresentable(presentable))) { stack.replaceTop(with: presentable, owner: owner, onLeave: onLeave) }
    }

    /// Records the call, then dismisses the real stack's top modal.
    @discardableResult
    public func dismiss() -> Bool {
        record(.dismiss, otherwise: false) { stack.dismiss() }
    }

    /// Records the call, then dismisses every modal of the real stack.
    public func dismissAll() {
        record(.dismissAll) { stack.dismissAll() }
    }

    /// Records the call, then removes the entries `owner` owns from the real stack.
    public func removeEntries(ownedBy owner: Coordinator, reason: LeaveReason) {
        record(.removeEntries(ownerType: String(describing: type(of: owner)), reason: reason)) { stack.removeEntries(ownedBy: owner, reason: reason) }
    }

    /// Records the call, then goes back on the real stack (or answers `backOutcome`).
    public func back() -> BackOutcome {
        record(.back, otherwise: backOutcome) { stack.back() }
    }

    /// Batches are always run (the body holds the calls to record); the markers
    /// show in `calls`, not in `log`.
    public func performBatch(_ body: () -> Void) {
        calls.append(.batchBegan)
        if maintainsStack { stack.performBatch(body) } else { body() }
        calls.append(.batchEnded)
    }

    /// Records the call, then relays out the real stack.
    public func relayout() {
        record(.relayout) { stack.relayout() }
    }

    private func record(_ call: RouterCall, forward: () -> Void) {
        calls.append(call)
        if maintainsStack { forward() }
    }

    private func record<Answer>(_ call: RouterCall, otherwise answer: Answer, forward: () -> Answer) -> Answer {
        calls.append(call)
        return maintainsStack ? forward() : answer
    }
}
