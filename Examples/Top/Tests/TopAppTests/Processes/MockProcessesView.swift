import TopPresenters

/// Records what the table's presenter told its view.
@MainActor
final class MockProcessesView: ProcessesView {
    var rowsShown = 0
    var tree: [Bool] = []
    func showRows() { rowsShown += 1 }
    func showTree(_ isTree: Bool) { tree.append(isTree) }
}

/// Records what the presenters asked of their coordinator.
@MainActor
final class MockTopOutput: ProcessesOutput, ProcessDetailOutput {
    var highlighted: [Int32?] = []
    var chosen: [Int32] = []
    var signalled: [Int32] = []
    func processes(didHighlight pid: Int32?) { highlighted.append(pid) }
    func processes(didChoose pid: Int32) { chosen.append(pid) }
    func processes(didAskToSignal process: ProcessRow) { signalled.append(process.pid) }
    func processDetail(didAskToSignal process: ProcessRow) { signalled.append(process.pid) }
}
