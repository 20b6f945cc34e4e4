/// What the process detail asks of the outside world; its coordinator answers.
@MainActor
package protocol ProcessDetailOutput: AnyObject {
    /// `k`: choose a signal for `process`.
    func processDetail(didAskToSignal process: ProcessRow)
    /// The detail moved to another process in place (it follows the
    /// table's selection): its children pane starts again from `pid`.
    func processDetail(didMoveTo pid: Int32)
}
