import Testing
import ShojiCurses
@testable import ShojiWidgets

/// Tasks with ids, a name and a priority; a presenter that gives ids and
/// orders priorities itself (high before low, not by their text).
@MainActor
final class TaskTable: TableDataSource {
    var tasks: [(id: Int, name: String, priority: String)]
    init(_ tasks: [(id: Int, name: String, priority: String)]) { self.tasks = tasks }
    var rowCount: Int { tasks.count }
    func cells(at index: Int) -> [String] { [tasks[index].name, tasks[index].priority, "\(tasks[index].id)"] }
    func itemID(at index: Int) -> AnyHashable? { tasks[index].id }
    func sortsBefore(_ a: Int, _ b: Int, byColumn column: Int) -> Bool {
        guard column == 1 else { return TaskTable.defaultOrder(self, a, b, column) }
        let rank = ["high": 0, "medium": 1, "low": 2]
        return rank[tasks[a].priority, default: 3] < rank[tasks[b].priority, default: 3]
    }
    /// The protocol's default comparator, for the other columns.
    static func defaultOrder(_ table: TaskTable, _ a: Int, _ b: Int, _ column: Int) -> Bool {
        PlainTable(rows: [table.cells(at: a), table.cells(at: b)]).sortsBefore(0, 1, byColumn: column)
    }
}

/// Rows that only have texts: the default comparator and no ids.
@MainActor
struct PlainTable: TableDataSource {
    var rows: [[String]]
    var rowCount: Int { rows.count }
    func cells(at index: Int) -> [String] { rows[index] }
}

extension WidgetsSuite {
    @Suite @MainActor struct TableSortingTests {
        private let columns = [
            TableColumn("Name", width: .flexible(minimum: 6), sortable: true),
            TableColumn("Priority", width: .fixed(8), sortable: true),
            TableColumn("Id", width: .fixed(3), alignment: .trailing, sortable: true),
        ]

        private func tasks() -> TaskTable {
            TaskTable([(1, "write", "low"), (2, "Buy", "high"), (3, "call", "medium"), (10, "answer", "high")])
        }

        @Test func theSortKeyOrdersByTheNextSortableColumnAndShiftSReverses() {
            useUTF8Locale()
            let data = tasks()
            let table = TableWidget(columns: columns, dataSource: data)
            let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
            defer { harness.end() }
            #expect(harness.snapshot().lines[1].hasPrefix("write"), "unsorted until asked")
            #expect(table.press(.character("s")) == [true])
            var lines = harness.snapshot().lines
            #expect(lines[0].hasPrefix("Name ▲"))
            #expect(lines[1...4].map { String($0.prefix(6)) } == ["answer", "Buy   ", "call  ", "write "],
                    "names ignoring case")
            _ = table.press(.character("S"))
            lines = harness.snapshot().lines
            #expect(lines[0].hasPrefix("Name ▼"))
            #expect(lines[1].hasPrefix("write"))
            _ = table.press(.character("s"))
            lines = harness.snapshot().lines
            #expect(lines[1...4].map { String($0.prefix(6)) } == ["Buy   ", "answer", "call  ", "write "],
                    "the data source's own order for priorities; ties keep the data source's order")
            #expect(lines[0].contains("Prior… ▲"), "a title too long for its column is cut, never the arrow")
            _ = table.press(.character("s"))
            lines = harness.snapshot().lines
            #expect(lines[1...4].map { $0.suffix(3) } == ["  1", "  2", "  3", " 10"], "ids as numbers, not text")
            _ = table.press(.character("s"))
            #expect(table.sortColumn == 0, "after the last sortable column, the first again")
        }

        @Test func theSelectedItemStaysSelectedAcrossSortsFiltersAndReloads() {
            let data = tasks()
            let table = TableWidget(columns: columns, dataSource: data)
            var chosen: [Int] = []
            table.onChoose = { chosen.append($0) }
            let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
            defer { harness.end() }
            _ = table.press(.down, .down)  // "call", data index 2
            #expect(table.selectedIndex == 2)
            table.sort(byColumn: 0, ascending: true)
            #expect(table.selectedIndex == 2, "the same task after the sort")
            #expect(table.positionText == "3/4", "now the third row on screen")
            _ = table.press(.enter)
            #expect(chosen == [2], "choosing reports the data source's index, not the position")
            table.setFilter("a")  // answer, call (write has no a)
            #expect(table.selectedIndex == 2)
            table.clearFilter()
            // A new task arrives at the top of the data: every index moves by one.
            data.tasks.insert((11, "apply", "low"), at: 0)
            table.reloadData()
            #expect(table.selectedIndex == 3, "still the task with id 3, now at index 3")
            #expect(data.tasks[table.selectedIndex ?? 0].id == 3)
        }

        @Test func withoutIdsReloadKeepsTheIndexAndWhatIsGoneKeepsThePosition() {
            var rows = PlainTable(rows: [["a"], ["b"], ["c"]])
            let table = TableWidget(columns: [TableColumn("N", width: .fixed(3))], dataSource: rows)
            let harness = WidgetHarness(table, size: CellSize(width: 10, height: 6))
            defer { harness.end() }
            _ = table.press(.end)
            rows.rows.removeLast()
            table.dataSource = rows
            #expect(table.selectedIndex == 1, "the last row went: the selection stays at the bottom")
        }

        @Test func aClickOnASortableTitleSortsAndASecondClickReverses() {
            useUTF8Locale()
            let data = tasks()
            let table = TableWidget(columns: columns, dataSource: data)
            var requests: [Int] = []
            table.onSortRequest = { requests.append($0) }
            let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
            defer { harness.end() }
            _ = harness.snapshot()
            let title = MouseEvent(action: .press, button: .left, position: CellPoint(x: 1, y: 0))
            #expect(table.handle(.mouse(title)))
            #expect(table.sortColumn == 0 && table.sortAscending)
            #expect(table.handle(.mouse(title)))
            #expect(table.sortColumn == 0 && !table.sortAscending)
            #expect(harness.snapshot().lines[0].hasPrefix("Name ▼"))
            #expect(requests.isEmpty, "a sortable column sorts itself; the owner is not asked")
        }

        @Test func aDataSourceThatSortsItselfOnlyHearsTheClick() {
            let table = TableWidget(columns: [TableColumn("Name", width: .fixed(6)), TableColumn("Size", width: .fixed(6))],
                                    dataSource: PlainTable(rows: [["b", "2"], ["a", "1"]]))
            var requests: [Int] = []
            table.onSortRequest = { requests.append($0) }
            let harness = WidgetHarness(table, size: CellSize(width: 13, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            table.sortColumn = 0
            #expect(table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 8, y: 0)))))
            #expect(requests == [1])
            #expect(harness.snapshot().lines[1].hasPrefix("b"), "the rows stay in the data source's order")
            #expect(!table.bindings.contains { $0.label == "sort" }, "no sort key without a sortable column")
        }

        @Test func clicksAreInTheTablesOwnCoordinates() {
            let data = tasks()
            let table = TableWidget(columns: columns, dataSource: data)
            var chosen: [Int] = []
            table.onChoose = { chosen.append($0) }
            let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
            defer { harness.end() }
            _ = harness.snapshot()
            _ = table.press(.down)
            #expect(table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 1, y: 3)))))
            #expect(table.selectedIndex == 2, "line 3 is row 2 (line 0 is the titles)")
            #expect(chosen.isEmpty, "a single click only selects")
            _ = table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 1, y: 1), clickCount: 2)))
            #expect(chosen == [0], "a double click opens")
        }
    }
}
