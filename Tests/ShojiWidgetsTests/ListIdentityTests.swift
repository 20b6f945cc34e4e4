import ShojiCurses
import Testing
@testable import ShojiWidgets

/// Rows with identities, which the test can reorder, remove and rename
/// while the list holds on to the source.
@MainActor
private final class IdentifiedRows: ListDataSource {
    var items: [(id: Int, title: String)]
    init(_ titles: [String]) { items = titles.enumerated().map { ($0.offset, $0.element) } }
    var count: Int { items.count }
    func row(at index: Int) -> ListRow { ListRow(title: items[index].title) }
    func itemID(at index: Int) -> AnyHashable? { items[index].id }
}

/// The list keeps an item, not an index, and reports every change of the
/// highlighted item, whatever moved it.
@MainActor
@Suite struct ListIdentityTests {
    private let names = ["Aster", "Boreal", "Cirrus", "Delta", "Echo", "Hopper"]

    private func list(_ source: any ListDataSource) -> (ListWidget, Reports) {
        let list = ListWidget(dataSource: source)
        let reports = Reports()
        list.onSelectionChange = { reports.indices.append($0) }
        return (list, reports)
    }

    @Test func aFilterThatMovesTheSelectionReportsIt() {
        let (list, reports) = list(ArrayListDataSource(titles: names))
        list.selectedIndex = 2
        reports.indices.removeAll()
        list.setFilter("hop")
        #expect(list.selectedIndex == 5)
        #expect(reports.indices == [5], "the detail beside the list must follow the first match")
    }

    @Test func aFilterThatKeepsTheSelectedItemReportsNothing() {
        let (list, reports) = list(ArrayListDataSource(titles: names))
        list.selectedIndex = 3
        reports.indices.removeAll()
        list.setFilter("e")  // Aster, Boreal, Delta, Echo, Hopper: Delta still shows
        #expect(list.selectedIndex == 3)
        #expect(reports.indices.isEmpty)
    }

    @Test func aFilterWithNoMatchesReportsThatNothingIsHighlighted() {
        let (list, reports) = list(ArrayListDataSource(titles: names))
        list.selectedIndex = 1
        reports.indices.removeAll()
        list.setFilter("zzz")
        #expect(list.selectedIndex == nil)
        #expect(reports.indices == [nil], "an item no longer shown cannot stay highlighted")
        list.clearFilter()
        #expect(list.selectedIndex == 1, "clearing the filter comes back to the item")
        #expect(reports.indices == [nil, 1])
    }

    @Test func aQueryThatMatchesAgainAfterNoneStartsAtTheFirstMatch() {
        let (list, reports) = list(ArrayListDataSource(titles: names))
        list.selectedIndex = 4
        list.setFilter("ez")
        reports.indices.removeAll()
        list.setFilter("e")
        #expect(list.selectedIndex == 0, "a new query starts at its first match, whatever was shown before")
        #expect(reports.indices == [0])
    }

    @Test func clearingTheFilterKeepsTheItemChosenAmongTheMatches() {
        let (list, reports) = list(ArrayListDataSource(titles: names))
        list.setFilter("o")  // Boreal, Echo, Hopper
        list.press(.down)
        #expect(list.selectedIndex == 4)
        reports.indices.removeAll()
        list.clearFilter()
        #expect(list.selectedIndex == 4)
        #expect(reports.indices.isEmpty)
    }

    @Test func aReloadFollowsTheItemToItsNewPlace() {
        let rows = IdentifiedRows(names)
        let (list, reports) = list(rows)
        list.selectedIndex = 1  // Boreal
        reports.indices.removeAll()
        rows.items.reverse()
        list.reloadData()
        #expect(list.selectedIndex == 4)
        #expect(rows.items[4].title == "Boreal")
        #expect(reports.indices == [4], "the same item at another index is reported, so a presenter keeps its index right")
    }

    @Test func aReloadThatRemovesTheItemReportsTheOneNowHighlighted() {
        let rows = IdentifiedRows(names)
        let (list, reports) = list(rows)
        list.selectedIndex = 2  // Cirrus
        reports.indices.removeAll()
        rows.items.remove(at: 2)
        list.reloadData()
        #expect(list.selectedIndex == 2)
        #expect(rows.items[2].title == "Delta")
        #expect(reports.indices == [2], "Delta took Cirrus's place: another item, so it is reported")
    }

    @Test func aReloadWithTheItemInPlaceReportsNothing() {
        let rows = IdentifiedRows(names)
        let (list, reports) = list(rows)
        list.selectedIndex = 3
        reports.indices.removeAll()
        rows.items[0].title = "Astra"
        list.reloadData()
        #expect(list.selectedIndex == 3)
        #expect(reports.indices.isEmpty)
    }

    @Test func whileFilteredAReloadKeepsTheItemAmongTheMatches() {
        let rows = IdentifiedRows(["alpha", "beta", "gamma", "delta", "zeta"])
        let (list, reports) = list(rows)
        list.setFilter("ta")  // beta, delta, zeta
        list.press(.down)
        #expect(list.selectedIndex == 3)
        reports.indices.removeAll()
        rows.items.insert((9, "theta"), at: 0)
        list.reloadData()
        #expect(list.selectedIndex == 4, "delta, one further down")
        #expect(list.positionText == "4 of 6")
        #expect(reports.indices == [4])
    }

    @Test func theFirstRowsLoadedAreReportedAsHighlighted() {
        let rows = IdentifiedRows([])
        let (list, reports) = list(rows)
        list.reloadData()
        #expect(reports.indices.isEmpty, "nothing shown, nothing was highlighted before")
        rows.items = [(7, "Ada"), (8, "Grace")]
        list.reloadData()
        #expect(reports.indices == [0])
    }
}

/// What the list reported, in order.
@MainActor
private final class Reports {
    var indices: [Int?] = []
}

extension WidgetsSuite {
    /// The scroll position follows the item across a filter and a resize.
    @Suite @MainActor struct ListIdentityScrollTests {
        @Test func theSelectedItemStaysOnScreenAfterAFilterAndAResize() {
            let titles = (0..<60).map { "item \($0)" } + ["hopper"]
            let list = ListWidget(dataSource: ArrayListDataSource(titles: titles))
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            list.press(.end)
            _ = harness.snapshot()
            list.setFilter("hop")
            #expect(harness.snapshot().lines.first == "hopper", "the only match is drawn at the top, not scrolled off")
            list.clearFilter()
            harness.resize(CellSize(width: 20, height: 4))
            let lines = harness.snapshot().lines
            #expect(list.selectedIndex == 60)
            #expect(lines.contains("hopper"), "the item stays in view after the terminal shrank")
        }
    }
}
