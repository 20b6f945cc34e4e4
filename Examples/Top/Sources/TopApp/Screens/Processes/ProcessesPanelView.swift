import ShojiAppKit
import TopPresenters

/// The process table: PID, user, CPU%, MEM%, RSS, state, time and command,
/// sortable by any column (the table's `s`/`S` and title clicks), filtered
/// with `/` (the header above it is the split's, a screen of its own).
/// Passive: it draws, forwards keys, never navigates.
@MainActor
final class ProcessesPanelView: PanelView, ProcessesView {
    let presenter: ProcessesPresenter
    let table: TableWidget

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
        super.init(title: "Processes")
        table.emptyMessage = "No process matches"
        table.onChoose = { [weak presenter] row in presenter?.didChoose(row: row) }
        table.onSelectionChange = { [weak presenter] row in presenter?.didSelect(row: row) }
        content = table
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

    func select(row: Int) { table.selectedIndex = row }

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
