import ShojiCurses
import Testing
@testable import ShojiWidgets

/// Rows the test can remove while the list holds on to the source.
@MainActor
private final class EditableRows: ListDataSource {
    var titles: [String]
    init(_ titles: [String]) { self.titles = titles }
    var count: Int { titles.count }
    func row(at index: Int) -> ListRow { ListRow(title: titles[index]) }
}

/// Reloading after the data source changed keeps the selection where it was.
@MainActor
@Suite struct ListReloadTests {
    private let names = ["Aster", "Boreal", "Cirrus", "Delta", "Echo"]

    @Test func removingTheSelectedLastRowSelectsTheNewLastRow() {
        let rows = EditableRows(names)
        let list = ListWidget(dataSource: rows)
        list.press(.end)
        #expect(list.selectedIndex == 4)
        rows.titles.removeLast()
        list.reloadData()
        #expect(list.selectedIndex == 3)
        #expect(list.positionText == "4/4")
    }

    @Test func removingASelectedMiddleRowKeepsThePosition() {
        let rows = EditableRows(names)
        let list = ListWidget(dataSource: rows)
        list.selectedIndex = 2
        rows.titles.remove(at: 2)
        list.reloadData()
        #expect(list.selectedIndex == 2)
        #expect(rows.titles[list.selectedIndex!] == "Delta", "the row that took its place")
    }

    @Test func aNewSourceWithoutTheSelectedIndexKeepsThePositionClamped() {
        let list = ListWidget(dataSource: ArrayListDataSource(titles: names))
        list.selectedIndex = 4
        list.dataSource = ArrayListDataSource(titles: Array(names.prefix(2)))
        #expect(list.selectedIndex == 1)
        list.dataSource = ArrayListDataSource(titles: [])
        #expect(list.selectedIndex == nil)
        list.dataSource = ArrayListDataSource(titles: names)
        #expect(list.selectedIndex == 0)
    }

    @Test func whileFilteredTheSelectionStaysAtItsPositionAmongTheMatches() {
        let rows = EditableRows(["alpha", "beta", "gamma", "delta", "zeta"])
        let list = ListWidget(dataSource: rows)
        list.setFilter("ta")  // beta, delta, zeta
        list.press(.end)
        #expect(list.selectedIndex == 4)
        rows.titles.removeLast()
        list.reloadData()
        #expect(list.selectedIndex == 3, "delta, now the last match")
        #expect(list.positionText == "2 of 4")
    }
}
