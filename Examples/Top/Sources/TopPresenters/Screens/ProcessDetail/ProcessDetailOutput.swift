/// What the process detail asks of the outside world; its coordinator answers.
@MainActor
package protocol ProcessDetailOutput: AnyObject {
    /// `k`: choose a signal for `process`.
    func processDetail(didAskToSignal process: ProcessRow)
}
