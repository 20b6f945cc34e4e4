/// A flow that hands a typed result to its parent: a sign-in flow returning the
/// account, a picker returning the choice.
///
/// The parent's callback fires exactly once with `.completed(value)` or
/// `.cancelled(reason)`, whichever path ended the flow first.
@MainActor
open class FlowCoordinator<Result>: Coordinator {
    var onFinish: ((FlowOutcome<Result>) -> Void)?

    /// Ends the flow with a value: its screens are removed and the parent's
    /// callback receives `.completed(result)`. Ignored if the flow already ended.
    public func finish(with result: Result) {
        end { self.deliver(.completed(result)) }
    }

    override func deliverCancellation(_ reason: LeaveReason) {
        deliver(.cancelled(reason))
    }

    private func deliver(_ outcome: FlowOutcome<Result>) {
        let callback = onFinish
        onFinish = nil
        callback?(outcome)
    }
}

extension Coordinator {
    /// Adds a child flow whose outcome `onFinish` receives exactly once.
    public func addChild<Result>(_ child: FlowCoordinator<Result>, onFinish: @escaping (FlowOutcome<Result>) -> Void) {
        addChild(child)
        child.onFinish = onFinish
    }

    /// Adds and starts a child flow, then suspends until it ends.
    public func run<Result: Sendable>(_ child: FlowCoordinator<Result>) async -> FlowOutcome<Result> {
        await withCheckedContinuation { continuation in
            addChild(child) { continuation.resume(returning: $0) }
            child.start()
        }
    }
}
