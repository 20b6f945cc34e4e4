import Testing
@testable import ShojiAppKit
import ShojiTesting

/// An empty list offers no key that would do nothing.
extension AppKitSuite {
    @Suite @MainActor struct EmptyListFooterTests {
        private func footer(_ harness: ScreenHarness) -> String { harness.lines[harness.lines.count - 1] }

        @Test func anEmptyListOffersNeitherEnterNorFilterUntilRowsArrive() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            let rows = TitlesPresenter([])
            let list = ListScreenView(title: "Branches", rows: rows)
            list.showEmpty(message: "No branches")
            harness.router.setRoot(list, owner: nil)
            #expect(footer(harness) == "? help  q quit")
            harness.press(.character("/"))
            #expect(!list.isEditingText, "/ does nothing on an empty list")
            rows.titles = ["main", "fixes"]
            list.showRows()
            #expect(footer(harness) == "Enter/→/l open  / filter  ? help  q quit")
        }

        @Test func aFilterMatchingNothingOffersOnlyItsQueryAndClearingIt() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            let list = ListScreenView(title: "Branches", rows: TitlesPresenter(["main", "fixes"]))
            harness.router.setRoot(list, owner: nil)
            harness.press(.character("/"))
            harness.type("zz")
            harness.press(.enter)
            #expect(footer(harness) == "/ filter  Esc clear filter  ? help  q quit")
        }
    }
}
