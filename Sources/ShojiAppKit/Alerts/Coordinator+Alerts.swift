extension Coordinator {
    /// Presents `alert` on this flow's router, owned by this flow, and when
    /// the user answers dismisses it and calls `answer` with the chosen
    /// button's value. `answer` gets nil, exactly once, when the alert leaves
    /// without an answer (its flow ended, a deep link replaced the stack).
    ///
    /// Present, answer and dismiss are one call: no step for a flow to forget.
    /// An alert is a sheet that draws its own box (see `presentSheet(_:answer:)`).
    @discardableResult
    public func presentAlert<Value>(
        _ alert: Alert<Value>, answer: @escaping @MainActor (Value?) -> Void = { _ in }
    ) -> AlertPanelView<Value> {
        presentSheet(AlertPanelView(alert)) { answer($0.value) }
    }

    /// Asks a yes/no question and runs `action` only on yes.
    public func confirm(
        _ title: String, message: String, confirm: String = "OK", cancel: String = "Cancel",
        destructive: Bool = false, then action: @escaping @MainActor () -> Void
    ) {
        presentAlert(.confirmation(title, message: message, confirm: confirm, cancel: cancel,
                                   destructive: destructive)) { answer in
            if answer == true { action() }
        }
    }

    /// Presents `alert` and suspends until it is answered (nil when it left
    /// unanswered).
    public func ask<Value: Sendable>(_ alert: Alert<Value>) async -> Value? {
        await withCheckedContinuation { continuation in
            presentAlert(alert) { continuation.resume(returning: $0) }
        }
    }
}
