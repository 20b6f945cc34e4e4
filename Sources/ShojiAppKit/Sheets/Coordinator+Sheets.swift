extension Coordinator {
    /// Presents `sheet` on this flow's router, owned by this flow, and calls
    /// `answer` exactly once: with `.completed(value)` when the sheet's
    /// result completes (the sheet is dismissed first), or with
    /// `.cancelled(reason)` when it is cancelled or leaves unanswered (Esc:
    /// `.back`; its flow ended: `.flowEnded`; a deep link: `.replaced`).
    ///
    /// Present, answer and dismiss are one call, as Textual's
    /// `push_screen(screen, callback)`: no step for a flow to forget.
    @discardableResult
    public func presentSheet<S: Sheet>(
        _ sheet: S, answer: @escaping @MainActor (FlowOutcome<S.Value>) -> Void = { _ in }
    ) -> S {
        let result = sheet.result
        result.onOutcome { [weak self, weak sheet] outcome in
            if let self, let sheet, self.router.contains(sheet) {
                _ = self.router.pop(to: sheet)
                _ = self.router.dismiss()
            }
            answer(outcome)
        }
        router.present(sheet, owner: self, result: result)
        return sheet
    }

    /// Presents `sheet` and suspends until it answers: its value, or nil
    /// when it was cancelled or left unanswered.
    public func presentSheet<S: Sheet>(_ sheet: S) async -> S.Value? where S.Value: Sendable {
        await withCheckedContinuation { continuation in
            presentSheet(sheet) { continuation.resume(returning: $0.value) }
        }
    }
}
