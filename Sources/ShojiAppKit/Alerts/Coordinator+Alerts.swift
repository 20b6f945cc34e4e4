extension Coordinator {
    /// Presents `alert` on this flow's router, owned by this flow, and when
    /// the user answers dismisses it and calls `answer` with the chosen
    /// button's value. `answer` gets nil, exactly once, when the alert leaves
    /// without an answer (its flow ended, a deep link replaced the stack).
    ///
    /// Present, answer and dismiss are one call: no step for a flow to forget.
    @discardableResult
    public func presentAlert<Value>(
        _ alert: Alert<Value>, answer: @escaping @MainActor (Value?) -> Void = { _ in }
    ) -> AlertPanelView<Value> {
        let result = ResultChannel<Value>()
        let panel = AlertPanelView(alert, result: result)
        result.onOutcome { [weak self, weak panel] outcome in
            if let self, let panel, self.router.contains(panel) {
                _ = self.router.pop(to: panel)
                _ = self.router.dismiss()
            }
            answer(outcome.value)
        }
        router.present(panel, owner: self, result: result)
        return panel
    }

    /// Asks a yes/no question and runs `action` only on yes.
    public func confirm(
        _ title: String, message: String, confirm: String = "OK", cancel: String = "Cancel",
        then action: @escaping @MainActor () -> Void
    ) {
        presentAlert(.confirmation(title, message: message, confirm: confirm, cancel: cancel)) { answer in
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
