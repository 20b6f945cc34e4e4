/// What the children list asks of the outside world; its coordinator answers.
@MainActor
package protocol ProcessChildrenOutput: AnyObject {
    /// Enter on a child: drill into `pid`'s own children.
    func processChildren(didChoose pid: Int32)
}
