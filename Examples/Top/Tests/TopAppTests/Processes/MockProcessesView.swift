import TopPresenters

/// Records what the table's presenter told its view.
@MainActor
final class MockProcessesView: ProcessesView {
    var rowsShown = 0
    var tree: [Bool] = []
    func showRows() { rowsShown += 1 }
    func showTree(_ isTree: Bool) { tree.append(isTree) }
    var selected: [Int] = []
    func select(row: Int) { selected.append(row) }
}

/// Records what the presenters asked of their coordinator.
@MainActor
final class MockTopOutput: ProcessesOutput, ProcessDetailOutput, ProcessChildrenOutput {
    var highlighted: [Int32?] = []
    var chosen: [Int32] = []
    var signalled: [Int32] = []
    func processes(didHighlight pid: Int32?) { highlighted.append(pid) }
    func processes(didChoose pid: Int32) { chosen.append(pid) }
    func processes(didAskToSignal process: ProcessRow) { signalled.append(process.pid) }
    func processDetail(didAskToSignal process: ProcessRow) { signalled.append(process.pid) }
    var movedTo: [Int32] = []
    func processDetail(didMoveTo pid: Int32) { movedTo.append(pid) }
    var drilled: [Int32] = []
    func processChildren(didChoose pid: Int32) { drilled.append(pid) }
}
