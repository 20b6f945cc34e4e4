import Testing
import ShojiCurses
@testable import ShojiWidgets

/// Rows made on demand, counting what the table asks for.
@MainActor
final class CountingTableSource: TableDataSource {
    let rowCount: Int
    var cellsRequested = 0
    init(rowCount: Int) { self.rowCount = rowCount }
    func cells(at index: Int) -> [String] {
        cellsRequested += 1
        return ["file\(index)", "\(index) B", "2026-01-0\(index % 9 + 1)"]
    }
    func filterText(at index: Int) -> String { "file\(index)" }
    func emphasis(at index: Int) -> TableRowEmphasis { index % 2 == 0 ? .strong : .normal }
}

@MainActor
struct FruitTable: TableDataSource {
    var rows: [[String]] = [["apple/", "3 KiB"], ["banana", "12 B"], ["漢字テキスト", "1.5 MiB"], ["👨‍👩‍👧 family", "0 B"]]
    var rowCount: Int { rows.count }
    func cells(at index: Int) -> [String] { rows[index] }
}

extension WidgetsSuite {
    @Suite @MainActor struct TableWidgetTests {
        private let columns = [
            TableColumn("Name", width: .flexible(minimum: 4)),
            TableColumn("Size", width: .fixed(8), alignment: .trailing),
        ]

        @Test func headerRowsAlignmentAndSortIndicator() {
            useUTF8Locale()
            let table = TableWidget(columns: columns, dataSource: FruitTable())
            table.sortColumn = 0
            let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines[0].hasPrefix("Name ▲"))
            #expect(snapshot.lines[1] == "apple/             3 KiB")
            #expect(snapshot.lines[2] == "banana              12 B")
            #expect(snapshot.lines[3] == "漢字テキスト     1.5 MiB")
            #expect(snapshot.lines[6].hasSuffix("1/4"))
            #expect(snapshot.attributeLines[1].hasPrefix("RRRR"))
            table.sortColumn = 1
            table.sortAscending = false
            #expect(harness.snapshot().lines[0].hasSuffix("Size ▼"))
        }

        /// Between two right-aligned columns the arrow follows its own
        /// title, never sits against the column before it.
        @Test func theSortArrowOfARightAlignedColumnFollowsItsTitle() {
            let numbers = [TableColumn("CPU%", width: .fixed(6), alignment: .trailing),
                           TableColumn("MEM%", width: .fixed(6), alignment: .trailing)]
            let table = TableWidget(columns: numbers, dataSource: FruitTable())
            table.sortColumn = 1
            table.sortAscending = false
            let harness = WidgetHarness(table, size: CellSize(width: 13, height: 4))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0] == "  CPU% MEM% ▼")
        }

        @Test func layoutGivesFixedColumnsTheirWidthAndFlexibleTheRest() {
            let table = TableWidget(columns: columns + [TableColumn("Modified", width: .fixed(10))],
                                    dataSource: FruitTable())
            let layout = table.layout(width: 40)
            #expect(layout.map(\.width) == [20, 8, 10])
            #expect(layout.map(\.x) == [0, 21, 30])
            #expect(table.layout(width: 10)[0].width == 4)
        }

        @Test func asksOnlyForVisibleRowsOfAHugeTable() {
            let source = CountingTableSource(rowCount: 1_000_000)
            let table = TableWidget(columns: columns, dataSource: source)
            let harness = WidgetHarness(table, size: CellSize(width: 30, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(source.cellsRequested <= 8)
            table.move(.last)
            let lines = harness.snapshot().lines
            #expect(lines[8].hasPrefix("file999999"))
            #expect(lines[9].hasSuffix("1,000,000/1,000,000"), "grouped, as counts are everywhere")
        }

        @Test func filterNarrowsRowsAndHighlightsAndClears() {
            let source = CountingTableSource(rowCount: 200)
            let table = TableWidget(columns: columns, dataSource: source)
            let harness = WidgetHarness(table, size: CellSize(width: 30, height: 8))
            defer { harness.end() }
            table.press(.character("/"))
            table.type("19")
            #expect(table.isEditingText)
            let lines = harness.snapshot().lines
            #expect(lines[1].hasPrefix("file19 "))
            #expect(lines[2].hasPrefix("file119"))
            #expect(lines[7].hasPrefix("/19"))
            #expect(lines[7].hasSuffix("12 of 200"))
            table.press(.enter)
            #expect(!table.isEditingText)
            table.press(.escape)
            #expect(!table.isFiltering)
            #expect(table.visibleCount == 200)
        }

        @Test func keysMoveTheSelectionLikeAList() {
            let table = TableWidget(columns: columns, dataSource: CountingTableSource(rowCount: 50))
            let harness = WidgetHarness(table, size: CellSize(width: 30, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            var chosen: [Int] = []
            table.onChoose = { chosen.append($0) }
            table.press(.down, .character("j"), .enter, .end, .character("l"), .character("g"))
            #expect(chosen == [2, 49])
            #expect(table.selectedIndex == 0)
        }

        @Test func mouseWheelScrollsClickSelectsDoubleClickChoosesHeaderSorts() {
            let table = TableWidget(columns: columns, dataSource: CountingTableSource(rowCount: 50))
            let harness = WidgetHarness(table, size: CellSize(width: 30, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            var chosen: [Int] = []
            var sortRequests: [Int] = []
            table.onChoose = { chosen.append($0) }
            table.onSortRequest = { sortRequests.append($0) }
            #expect(table.handle(.mouse(MouseEvent(action: .wheelDown, position: CellPoint(x: 1, y: 3)))))
            // The wheel scrolls the rows; the selection stays.
            #expect(table.selectedIndex == 0)
            #expect(table.scrollOffset == 3)
            _ = harness.snapshot()
            #expect(table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 2, y: 1)))))
            #expect(table.selectedIndex == table.scrollOffset)
            let target = table.scrollOffset + 2
            #expect(table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 2, y: 3),
                                                   clickCount: 2))))
            #expect(chosen == [target])
            #expect(table.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 25, y: 0)))))
            #expect(sortRequests == [1])
            // Below the last row, or a release: not the table's.
            #expect(!table.handle(.mouse(MouseEvent(action: .release, button: .left, position: CellPoint(x: 2, y: 2)))))
        }

        @Test func loadingShowsTheRowsAlreadyThereAndTheSpinner() {
            let table = TableWidget(columns: columns, dataSource: CountingTableSource(rowCount: 3))
            table.isLoading = true
            table.loadingText = "Reading… 3 entries"
            let harness = WidgetHarness(table, size: CellSize(width: 40, height: 6))
            defer { harness.end() }
            let lines = harness.snapshot().lines
            #expect(lines[1].hasPrefix("file0"))
            #expect(lines[5].contains("Reading… 3 entries"))
        }

        @Test func showProgressDrawsTheBarInTheBottomLineAndNilEndsIt() {
            useUTF8Locale()
            let table = TableWidget(columns: columns, dataSource: CountingTableSource(rowCount: 3))
            let harness = WidgetHarness(table, size: CellSize(width: 60, height: 6))
            defer { harness.end() }
            table.showProgress(WorkProgress("Reading", completed: 50, total: 200))
            var lines = harness.snapshot().lines
            #expect(table.isLoading)
            #expect(lines[1].hasPrefix("file0"), "the rows already there stay")
            #expect(lines[5].hasPrefix("Reading ▕") && lines[5].contains("25 %"), "\(lines[5])")
            table.showProgress(nil)
            lines = harness.snapshot().lines
            #expect(!table.isLoading && table.progress == nil)
            #expect(!lines[5].contains("Reading"))
        }
    }
}

extension WidgetsSuite.TableWidgetTests {
    @Test func withoutWholeRowHighlightOnlyTheFirstColumnsTextIsMarked() {
        let table = TableWidget(columns: [TableColumn("Name", width: .flexible(minimum: 4)),
                                          TableColumn("Size", width: .fixed(8), alignment: .trailing)],
                                dataSource: FruitTable())
        table.highlightsWholeRow = false
        let harness = WidgetHarness(table, size: CellSize(width: 24, height: 7))
        defer { harness.end() }
        let attributes = harness.snapshot().attributeLines[1]
        #expect(attributes.hasPrefix("RRRRRR "))
        #expect(!attributes.dropFirst(6).contains("R"))
    }
}
