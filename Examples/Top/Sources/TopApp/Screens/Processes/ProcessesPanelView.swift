import ShojiAppKit
import TopPresenters

/// The process table: PID, user, CPU%, MEM%, RSS, state, time and command,
/// sortable by any column (the table's `s`/`S` and title clicks), filtered
/// with `/`, under a header of meters (each CPU, memory, swap), the load,
/// uptime and tasks, and a CPU history graph. Passive: it draws, forwards
/// keys, never navigates.
///
/// The header is in this screen's layout, so it spans the table's column
/// only: the detail beside it is the split's other column, and a split
/// cannot sit under a pane of a layout.
@MainActor
final class ProcessesPanelView: PanelView, ProcessesView {
    let presenter: ProcessesPresenter
    let table: TableWidget
    let header = MonitorHeaderView()
    /// The header above the table, in one layout.
    private let layout: LayoutWidget

    /// The columns; `sortable` is off in tree mode (the tree is the order).
    static func columns(sortable: Bool) -> [TableColumn] {
        ProcessesPresenter.Column.allCases.map { column in
            let width: TableColumn.Width = switch column {
            case .pid: .fixed(7)
            case .user: .fixed(9)
            case .cpu, .memory: .fixed(6)
            case .resident: .fixed(7)
            case .state: .fixed(2)
            case .time: .fixed(9)
            case .command: .flexible(minimum: 10)
            }
            let trailing = column != .user && column != .state && column != .command
            return TableColumn(column.title, width: width, alignment: trailing ? .trailing : .leading, sortable: sortable)
        }
    }

    init(presenter: ProcessesPresenter) {
        self.presenter = presenter
        table = TableWidget(columns: Self.columns(sortable: true), dataSource: presenter)
        layout = LayoutWidget(.rows, [LayoutItem(header.layout, size: .fixed(header.height)),
                                      LayoutItem(table, focusable: true)], spacing: 1)
        super.init(title: "Processes")
        table.emptyMessage = "No process matches"
        table.onChoose = { [weak presenter] row in presenter?.didChoose(row: row) }
        table.onSelectionChange = { [weak presenter] row in presenter?.didSelect(row: row) }
        content = layout
        // Busiest first, as top starts.
        table.sort(byColumn: ProcessesPresenter.Column.cpu.rawValue, ascending: false)
        bind([.character("k")], "signal", when: { [weak presenter] in presenter?.canSignal ?? false }) {
            [weak self] in self?.presenter.askToSignal()
        }
        bind([.character("t")], "tree") { [weak self] in self?.presenter.toggleTree() }
        bind([.character(" ")], "pause") { [weak self] in self?.presenter.togglePause() }
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }


    // MARK: ProcessesView

    func showRows() { table.reloadData() }

    func showHeader(_ header: MonitorHeader) {
        if self.header.show(header) { layout.children[0].size = .fixed(self.header.height) }
    }

    func showHistory(_ values: [Double], appending: Bool) {
        if appending { header.graph.append(contentsOf: values) } else { header.graph.values = values }
    }

    func showTree(_ isTree: Bool) {
        let sortColumn = table.sortColumn, ascending = table.sortAscending
        table.columns = Self.columns(sortable: !isTree)
        if isTree {
            lastSort = sortColumn.map { ($0, ascending) } ?? lastSort
            table.sortColumn = nil
        } else if let lastSort {
            table.sort(byColumn: lastSort.column, ascending: lastSort.ascending)
        }
        title = isTree ? "Processes (tree)" : "Processes"
    }

    /// The flat table's order, restored when the tree closes.
    private var lastSort: (column: Int, ascending: Bool)?
}
