import Testing
import ShojiCurses
@testable import ShojiWidgets

/// A new item's page is wrapped only as far as the page shows (and a line
/// more, to know whether it scrolls): a split's preview moves on with every
/// Down and must not wrap the whole item each time. Scrolling lays out the
/// rest.
extension WidgetsSuite {
    @Suite @MainActor struct DetailLayoutTests {
        init() { useUTF8Locale() }

        private static let longFields = (1...500).map { DetailField("key \($0)", "value \($0)") }

        @Test func aNewItemIsLaidOutOnlyAsFarAsThePageShows() {
            let detail = DetailWidget(title: "first")
            let harness = WidgetHarness(detail, size: CellSize(width: 40, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            detail.show(title: "long", fields: Self.longFields, paragraphs: ["the end"])
            let page = harness.snapshot()
            #expect(page.lines[0] == "long")
            #expect(page.lines[2] == "key 1    value 1")
            #expect(page.lines[7] == "key 6    value 6")
            #expect(detail.laidOutLineCount == 9, "the eight rows on screen and one more, to know it scrolls")
            #expect(detail.canScroll)
            #expect(detail.laidOutLineCount == 9)
        }

        @Test func scrollingToTheEndLaysOutTheRestAndShowsTheLastLine() {
            let detail = DetailWidget(title: "first")
            let harness = WidgetHarness(detail, size: CellSize(width: 40, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            detail.show(title: "long", fields: Self.longFields, paragraphs: ["the end"])
            _ = harness.snapshot()
            detail.scroll(.last)
            let end = harness.snapshot()
            // The title, a gap, 500 fields, a gap, the paragraph: 504 lines.
            #expect(detail.laidOutLineCount == 504)
            #expect(detail.scrollOffset == 504 - 8)
            #expect(end.lines[5] == "key 500  value 500")
            #expect(end.lines[6] == "")
            #expect(end.lines[7] == "the end")
            detail.scroll(.first)
            #expect(harness.snapshot().lines[0] == "long")
        }

        /// The line more decides whether the scroll keys are offered: a page
        /// exactly as tall as the widget has none, one line longer has them.
        @Test func aPageAsTallAsTheWidgetDoesNotScrollOneLineLongerDoes() {
            let detail = DetailWidget(title: "first")
            let harness = WidgetHarness(detail, size: CellSize(width: 40, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            // The title, a gap and six fields: eight lines.
            detail.show(title: "fits", fields: Array(Self.longFields.prefix(6)), paragraphs: [])
            _ = harness.snapshot()
            #expect(!detail.canScroll)
            detail.show(title: "does not fit", fields: Array(Self.longFields.prefix(7)), paragraphs: [])
            #expect(detail.canScroll, "known before the next draw")
            _ = harness.snapshot()
            #expect(detail.canScroll)
            #expect(detail.laidOutLineCount == 9)
        }
    }
}
