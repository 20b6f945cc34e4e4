import Testing
import ShojiCurses
@testable import ShojiWidgets

/// A detail page offers its scroll keys only when it is longer than the
/// widget: on a page that fits they would do nothing (the footer and help
/// of the catalog's Home listed them).
extension WidgetsSuite {
    @Suite @MainActor struct DetailScrollKeysTests {
        init() { useUTF8Locale() }

        @Test func aPageThatFitsOffersNoMotion() {
            let detail = DetailWidget(title: "Home", paragraphs: ["Press Enter to browse."])
            let harness = WidgetHarness(detail, size: CellSize(width: 30, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(!detail.canScroll)
            #expect(detail.bindings.isEmpty)
            #expect(!detail.handle(.down), "Down falls through to whoever acts on it")
        }

        @Test func aLongerPageOffersThemAndAChangeIsMeasuredAgain() {
            let detail = DetailWidget(title: "Home", paragraphs: ["short"])
            let harness = WidgetHarness(detail, size: CellSize(width: 30, height: 4))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(!detail.canScroll)
            detail.paragraphs = (1...10).map { "line \($0)" }
            #expect(detail.canScroll, "known before the next draw, at the last width")
            #expect(detail.bindings.contains { $0.label == "down" || $0.keys.contains(.down) })
            harness.resize(CellSize(width: 30, height: 40))
            _ = harness.snapshot()
            #expect(!detail.canScroll)
        }
    }
}
