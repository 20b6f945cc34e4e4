import ShojiNavigation
import ShojiPresentation

/// The children of one process, one row each ("31 sleep", with how many
/// children it has in turn), read again at every refresh of the monitor.
/// It is a screen of the detail's children pane: Enter on a row asks to
/// drill into that child (``ProcessChildrenOutput``).
@MainActor
package final class ProcessChildrenPresenter {
    package weak var view: (any ProcessChildrenView)?
    package weak var output: (any ProcessChildrenOutput)?
    package let work = ScreenWork()
    package let monitor: ProcessMonitor
    /// The parent whose children are listed.
    package let pid: Int32
    /// Whether this is the pane's first list (its title says "Children of").
    package let isRoot: Bool
    /// The children as the last refresh saw them, by pid.
    package private(set) var children: [ProcessRow] = []

    package init(monitor: ProcessMonitor, pid: Int32, isRoot: Bool = false) {
        self.monitor = monitor
        self.pid = pid
        self.isRoot = isRoot
        children = Self.children(of: pid, in: monitor.snapshot.processes)
    }

    package func viewDidLoad() {
        work.observe({ [monitor] in monitor.snapshot }) { [weak self] _ in self?.update() }
    }

    /// The pane's breadcrumb step: "31 sleep" ("31" once it has ended),
    /// "Children of 30 bash" for the root.
    package var title: String {
        let name = monitor.snapshot.processes.first { $0.pid == pid }.map { "\(pid) \($0.name)" } ?? "\(pid)"
        return isRoot ? "Children of " + name : name
    }

    /// The row of the child at `index`: pid and name, and how many
    /// children it has in turn ("2 ›").
    package func row(at index: Int) -> ListRow {
        let child = children[index]
        let count = ProcessTree.children(of: child.pid, in: monitor.snapshot.processes).count
        return ListRow(title: "\(child.pid) \(child.name)", secondary: count == 0 ? nil : "\(count) ›")
    }

    /// Enter on the row at `index`.
    package func didChoose(index: Int) {
        guard children.indices.contains(index) else { return }
        output?.processChildren(didChoose: children[index].pid)
    }

    private func update() {
        children = Self.children(of: pid, in: monitor.snapshot.processes)
        view?.showChildren()
    }

    private static func children(of pid: Int32, in processes: [ProcessRow]) -> [ProcessRow] {
        ProcessTree.children(of: pid, in: processes).sorted { $0.pid < $1.pid }
    }
}
