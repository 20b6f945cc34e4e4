import Testing
@testable import ShojiAppKit
import ShojiTesting

/// Rows of a table for the mouse tests.
@MainActor
struct NumberedTable: TableDataSource {
    var rowCount: Int { 20 }
    func cells(at index: Int) -> [String] { ["row \(index)"] }
}

/// A screen whose content is a table.
@MainActor
final class TableScreen: PanelView {
    let table = TableWidget(columns: [TableColumn("Name", width: .flexible(minimum: 4))], dataSource: NumberedTable())
    init() {
        super.init(title: "Table")
        content = table
    }
}

/// Clicks reach a widget in its own coordinates, wherever its screen sits.
extension AppKitSuite {
    @Suite @MainActor struct MousePositionTests {
        private func click(_ harness: ScreenHarness, x: Int = 2, y: Int, count: Int = 1) {
            harness.press(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: x, y: y),
                                            clickCount: count)))
        }

        @Test func aClickOnATablesTitleRowSelectsNothingAndRowKIsRowK() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 14), title: "demo")
            defer { harness.end() }
            let screen = TableScreen()
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.push(screen, owner: nil)
            // Line 0 is the header bar: the table starts on line 1, its title row.
            #expect(harness.lines[1].hasPrefix("Name"))
            harness.press(.down, .down)
            click(harness, y: 1)
            #expect(screen.table.selectedIndex == 2, "the title row is not a row")
            click(harness, y: 6)
            #expect(screen.table.selectedIndex == 4, "screen line 6 is the table's line 5, row 4")
            #expect(harness.lines[6].hasPrefix("row 4"))
        }

        @Test func belowATabBarRowKIsStillRowK() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 14), title: "demo")
            defer { harness.end() }
            let root = TwoTabs(router: harness.router)
            root.start()
            let screen = TableScreen()
            root.tabs?.tabs[0].router.push(screen, owner: nil)
            harness.render()
            // Header, tab bar, then the table's titles on line 2.
            #expect(harness.lines[2].hasPrefix("Name"))
            click(harness, y: 2)
            #expect(screen.table.selectedIndex == 0)
            click(harness, y: 5)
            #expect(screen.table.selectedIndex == 2)
            #expect(harness.lines[5].hasPrefix("row 2"))
        }

        @Test func aClickOnATabSwitchesToIt() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 10), title: "demo")
            defer { harness.end() }
            let root = TwoTabs(router: harness.router)
            root.start()
            #expect(harness.lines[1] == " 1 One   2 Two")
            click(harness, x: 10, y: 1)
            #expect(root.tabs?.selectedIndex == 1)
            #expect(harness.lines[2].hasPrefix("screen Second"))
            click(harness, x: 1, y: 1)
            #expect(root.tabs?.selectedIndex == 0)
            click(harness, x: 30, y: 1)
            #expect(root.tabs?.selectedIndex == 0, "past the last tab nothing happens")
        }

        @Test func aListScreenSelectsOnAClickAndOpensOnADoubleClick() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 10), title: "demo")
            defer { harness.end() }
            let rows = TitlesPresenter(["apple", "banana", "cherry"])
            let list = ListScreenView(title: "Fruit", rows: rows)
            harness.router.setRoot(list, owner: nil)
            // Line 0 is the header bar; the list's first row is line 1.
            click(harness, y: 3)
            #expect(list.list.selectedIndex == 2)
            #expect(rows.chosen.isEmpty, "a click only selects")
            click(harness, y: 2, count: 2)
            #expect(list.list.selectedIndex == 1)
            #expect(rows.chosen == [1])
            click(harness, y: 7)
            #expect(list.list.selectedIndex == 1, "below the last row nothing is selected")
        }
    }
}
