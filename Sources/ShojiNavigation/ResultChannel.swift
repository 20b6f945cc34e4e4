/// A one-shot result for a module (an alert, a picker, a form) that its
/// coordinator waits for.
///
/// Whatever happens first wins and every later attempt is ignored, which is what
/// makes "exactly once" hold when a module completes and is then popped, or is
/// popped by back while an async answer is still on its way. Attach it to the
/// entry with `Routing.push(_:owner:result:)` / `present(_:owner:result:)` so any
/// removal cancels it.
@MainActor
public final class ResultChannel<Value> {
    /// The outcome, once resolved.
    public private(set) var outcome: FlowOutcome<Value>?
    private var handlers: [(FlowOutcome<Value>) -> Void] = []

    /// An unresolved channel.
    public init() {}

    /// Delivers `.completed(value)`, unless already resolved.
    public func complete(_ value: Value) { resolve(.completed(value)) }

    /// Delivers `.cancelled(reason)`, unless already resolved.
    public func cancel(_ reason: LeaveReason) { resolve(.cancelled(reason)) }

    /// Calls `handler` once with the outcome: now if already resolved, else later.
    public func onOutcome(_ handler: @escaping (FlowOutcome<Value>) -> Void) {
        if let outcome { handler(outcome) } else { handlers.append(handler) }
    }

    private func resolve(_ newOutcome: FlowOutcome<Value>) {
        guard outcome == nil else { return }
        outcome = newOutcome
        let pending = handlers
        handlers = []
        pending.forEach { $0(newOutcome) }
    }
}

extension ResultChannel where Value: Sendable {
    /// Suspends until the outcome is known. (Sendable because the outcome crosses
    /// a continuation.)
    public func wait() async -> FlowOutcome<Value> {
        await withCheckedContinuation { continuation in
            onOutcome { continuation.resume(returning: $0) }
        }
    }
}
