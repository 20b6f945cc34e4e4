import Testing
import ShojiCurses
@testable import ShojiWidgets

/// Counts read the same everywhere: grouped by thousands with commas,
/// whatever the locale ("82 of 1,000,000", as "1,000,000 items" elsewhere).
extension WidgetsSuite {
    @Suite @MainActor struct ListCountTextTests {
        init() { useUTF8Locale() }

        @Test func thePositionAndTheFilterCountAreGrouped() {
            let list = ListWidget(dataSource: CountingDataSource(count: 12_345))
            let harness = WidgetHarness(list, size: CellSize(width: 40, height: 6))
            defer { harness.end() }
            #expect(list.positionText == "1/12,345")
            list.move(.last)
            #expect(list.positionText == "12,345/12,345")
            list.setFilter("Item 12344")
            #expect(list.positionText == "1 of 12,345")
            #expect(harness.snapshot().lines.last?.hasSuffix("1 of 12,345") == true)
        }

        @Test func theFrameworksGroupingIsTheOneCountsUse() {
            #expect(ProgressText.count(1_000_000) == "1,000,000")
            #expect(ProgressText.count(82) == "82")
        }
    }
}
