extension Coordinator {
    /// Presents `sheet` on this flow's router, owned by this flow, and calls
    /// `answer` exactly once: with `.completed(value)` when the sheet's
    /// result completes (the sheet is dismissed first), or with
    /// `.cancelled(reason)` when it is cancelled or leaves unanswered (Esc:
    /// `.back`; its flow ended: `.flowEnded`; a deep link: `.replaced`).
    ///
    /// A ``FormSheet`` edited and then left with Esc asks "Discard
    /// changes?" here first, as an alert on this router.
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
        if let editing = sheet as? any ConfirmsDiscard {
            editing.confirmDiscard = { [weak self] approval in self?.askToDiscard(approval) }
        }
        router.present(sheet, owner: self, result: result)
        return sheet
    }

    /// Asks "Discard changes?" for an edited sheet the user is leaving:
    /// Discard approves the back, Keep editing (or Esc) denies it.
    private func askToDiscard(_ approval: BackApproval) {
        presentAlert(.confirmation("Discard changes?", message: "The changes you made will be lost.",
                                   confirm: "Discard", cancel: "Keep editing", destructive: true)) { discard in
            if discard == true { approval.approve() } else { approval.deny() }
        }
    }

    /// Presents `sheet` and suspends until it answers: its value, or nil
    /// when it was cancelled or left unanswered.
    public func presentSheet<S: Sheet>(_ sheet: S) async -> S.Value? where S.Value: Sendable {
        await withCheckedContinuation { continuation in
            presentSheet(sheet) { continuation.resume(returning: $0.value) }
        }
    }
}
