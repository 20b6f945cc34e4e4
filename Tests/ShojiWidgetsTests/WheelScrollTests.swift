import ShojiTesting
import Testing
import ShojiCurses
@testable import ShojiWidgets

/// The wheel scrolls what is shown; only keys and clicks move the selection
/// (and so what a split previews beside the list).
extension WidgetsSuite {
    @Suite @MainActor struct WheelScrollTests {
        init() { useUTF8Locale() }

        @Test func theWheelScrollsThePageAndLeavesTheSelection() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            var reported: [Int?] = []
            list.onSelectionChange = { reported.append($0) }
            #expect(list.handle(.mouse(MouseEvent(action: .wheelDown, position: .zero))))
            #expect(list.handle(.mouse(MouseEvent(action: .wheelDown, position: .zero))))
            #expect(list.selectedIndex == 0)
            #expect(reported.isEmpty)
            #expect(harness.snapshot().lines.first?.hasPrefix("Item 6 ") == true)
            // A click selects the row under it on the scrolled page.
            #expect(list.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 1, y: 1)))))
            #expect(list.selectedIndex == 7)
            #expect(reported == [7])
        }

        @Test func theNextMoveBringsTheSelectionBackIntoView() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            for _ in 0..<10 { _ = list.handle(.mouse(MouseEvent(action: .wheelDown, position: .zero))) }
            #expect(harness.snapshot().lines.first?.hasPrefix("Item 30") == true)
            _ = list.handle(.down)
            #expect(list.selectedIndex == 1)
            #expect(harness.snapshot().lines[0].hasPrefix("Item 1 "), "the page moves back as little as it can")
        }

        @Test func theWheelStopsAtTheEnds() {
            let list = ListWidget(dataSource: CountingDataSource(count: 7))
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            for _ in 0..<5 { _ = list.handle(.mouse(MouseEvent(action: .wheelDown, position: .zero))) }
            #expect(harness.snapshot().lines.first?.hasPrefix("Item 2 ") == true)
            _ = list.handle(.mouse(MouseEvent(action: .wheelUp, position: .zero)))
            #expect(harness.snapshot().lines.first?.hasPrefix("Item 0 ") == true)
            #expect(list.selectedIndex == 0)
        }
    }
}
