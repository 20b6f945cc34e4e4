import ShojiNavigation
import ShojiPresentation

/// The process table: the monitor's processes as rows (flat, or as a tree
/// with children under their parent), formatted for the table's columns,
/// sorted by the table on any column, filtered by the table's `/`.
@MainActor
package final class ProcessesPresenter: TableDataSource {
    /// The columns, in order.
    package enum Column: Int, CaseIterable, Sendable {
        case pid, user, cpu, memory, resident, state, time, command

        package var title: String {
            switch self {
            case .pid: "PID"
            case .user: "USER"
            case .cpu: "CPU%"
            case .memory: "MEM%"
            case .resident: "RSS"
            case .state: "S"
            case .time: "TIME+"
            case .command: "COMMAND"
            }
        }
    }

    package weak var view: (any ProcessesView)?
    package weak var output: (any ProcessesOutput)?
    /// Ends the observation when the screen leaves.
    package let work = ScreenWork()
    package let monitor: ProcessMonitor
    /// Whether `k` offers the signal sheet (false for visitors over SSH).
    package let canSignal: Bool
    package private(set) var isTree = false
    /// The rows in the order given to the table (by pid, or the tree's).
    package private(set) var rows: [ProcessRow] = []
    /// Each row's depth in the tree (all 0 when flat).
    private var depths: [Int] = []
    /// The highlighted process, as the view last reported.
    package private(set) var highlightedPID: Int32?

    package init(monitor: ProcessMonitor, canSignal: Bool = true) {
        self.monitor = monitor
        self.canSignal = canSignal
    }

    /// The view is ready: it follows the monitor from now on.
    package func viewDidLoad() {
        view?.showTree(isTree)
        work.observe({ [monitor] in monitor.snapshot }) { [weak self] snapshot in self?.show(snapshot) }
    }

    private func show(_ snapshot: MonitorSnapshot) {
        layOut(snapshot.processes)
        view?.showRows()
    }

    private func layOut(_ processes: [ProcessRow]) {
        guard isTree else {
            rows = processes
            depths = Array(repeating: 0, count: processes.count)
            return
        }
        let tree = ProcessTree(processes)
        rows = tree.order.map { processes[$0.index] }
        depths = tree.order.map(\.depth)
    }

    // MARK: User actions

    /// `t`: the tree, or back to the flat table.
    package func toggleTree() {
        isTree.toggle()
        layOut(monitor.snapshot.processes)
        view?.showTree(isTree)
        view?.showRows()
    }

    /// Space: stop or resume refreshing.
    package func togglePause() { monitor.isPaused.toggle() }

    /// The table highlights the row at `row` now (nil: none shows).
    package func didSelect(row: Int?) {
        highlightedPID = row.flatMap { rows.indices.contains($0) ? rows[$0].pid : nil }
        output?.processes(didHighlight: highlightedPID)
    }

    /// Selects `pid`'s row and highlights it (a deep link names it); false
    /// when no row shows it.
    @discardableResult
    package func select(pid: Int32) -> Bool {
        guard let row = rows.firstIndex(where: { $0.pid == pid }) else { return false }
        view?.select(row: row)
        didSelect(row: row)
        return true
    }

    /// Enter on the row at `row`.
    package func didChoose(row: Int) {
        guard rows.indices.contains(row) else { return }
        output?.processes(didChoose: rows[row].pid)
    }

    /// `k`: a signal for the highlighted process (nothing when signals are
    /// not allowed or nothing is highlighted).
    package func askToSignal() {
        guard canSignal, let pid = highlightedPID, let row = rows.first(where: { $0.pid == pid }) else { return }
        output?.processes(didAskToSignal: row)
    }

    // MARK: TableDataSource

    package var rowCount: Int { rows.count }

    package func cells(at index: Int) -> [String] {
        guard rows.indices.contains(index) else { return [] }
        let row = rows[index]
        let indent = depths[index] == 0 ? "" : String(repeating: "  ", count: depths[index] - 1) + "└ "
        return [String(row.pid), row.user, Format.percent(row.cpu), Format.percent(row.memory),
                Format.kibibytes(row.residentKiB), String(row.state),
                Format.time(seconds: monitor.seconds(ofTicks: row.ticks)), indent + row.command]
    }

    package func filterText(at index: Int) -> String {
        guard rows.indices.contains(index) else { return "" }
        let row = rows[index]
        return "\(row.pid) \(row.user) \(row.command)"
    }

    package func emphasis(at index: Int) -> TableRowEmphasis {
        guard rows.indices.contains(index) else { return .normal }
        switch rows[index].state {
        case "R": return .strong
        case "Z", "I": return .muted
        default: return .normal
        }
    }

    package func sortsBefore(_ a: Int, _ b: Int, byColumn column: Int) -> Bool {
        let x = rows[a], y = rows[b]
        func ordered<T: Comparable>(_ left: T, _ right: T) -> Bool { left != right ? left < right : x.pid < y.pid }
        switch Column(rawValue: column) {
        case .user: return ordered(x.user, y.user)
        case .cpu: return ordered(x.cpu, y.cpu)
        case .memory, .resident: return ordered(x.residentKiB, y.residentKiB)
        case .state: return ordered(String(x.state), String(y.state))
        case .time: return ordered(x.ticks, y.ticks)
        case .command: return ordered(x.command, y.command)
        case .pid, nil: return x.pid < y.pid
        }
    }

    package func itemID(at index: Int) -> AnyHashable? { rows.indices.contains(index) ? AnyHashable(rows[index].pid) : nil }
}
