/// What the process table asks of the outside world; its coordinator answers.
@MainActor
package protocol ProcessesOutput: AnyObject {
    /// The highlighted process is `pid` now (nil: the filter hides them
    /// all): a detail beside the table follows it.
    func processes(didHighlight pid: Int32?)
    /// Enter: open the detail of `pid`.
    func processes(didChoose pid: Int32)
    /// `k`: choose a signal for `process`.
    func processes(didAskToSignal process: ProcessRow)
}
