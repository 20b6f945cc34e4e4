import ShojiNavigation
import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

/// A screen whose content is one widget, shown by a host below a one-line
/// header (so panel rows and screen rows differ), with a declared key that
/// changes what the view draws without asking for display: the host's
/// redraw after a handled key is what shows it.
@MainActor
private final class ContentView: PanelView {
    var banner = "top"

    init(_ widget: any Widget) {
        super.init(title: "content")
        content = widget
        bind([.character("b")], "banner") { [unowned self] in banner = "changed" }
    }

    override func draw(_ canvas: inout Canvas) {
        canvas.text(banner, at: .zero)
        var below = canvas.subcanvas(CellRect(x: 0, y: 1, width: canvas.size.width, height: canvas.size.height - 1))
        content?.draw(&below)
    }
}

/// A host on a headless screen whose content area starts on screen row 1.
@MainActor
private struct DamageHarness {
    let screen: TerminalScreen
    let host: NavigationHost
    let router = StackRouter()
    let view: ContentView

    init(_ widget: any Widget, size: CellSize = CellSize(width: 24, height: 8)) {
        screen = TerminalScreen.headless(size: size)
        host = NavigationHost(screen: screen, router: router)
        host.contentArea = { CellRect(x: 0, y: 1, width: $0.width, height: $0.height - 1) }
        view = ContentView(widget)
        router.setRoot(view)
        _ = screen.snapshot()
    }

    var panel: TerminalPanel { view.panel! }

    /// What a full redraw shows now: the reference a partial redraw must match.
    func fullRedraw() -> ScreenSnapshot {
        panel.setNeedsDisplay()
        return screen.snapshot()
    }
}

extension WidgetsSuite {
    @Suite @MainActor struct RowDamageTests {
        @Test func aDownInsideThePageRedrawsOnlyTheTwoRowsItChanged() {
            let source = CountingDataSource(count: 100)
            let list = ListWidget(dataSource: source)
            let harness = DamageHarness(list)
            defer { harness.screen.end() }
            let full = harness.panel.drawCounts.full
            source.rowsRequested = 0
            #expect(harness.host.handle(.down))
            let afterDown = harness.screen.snapshot()
            #expect(harness.panel.drawCounts.full == full)
            #expect(harness.panel.drawCounts.partial == 1)
            // Panel rows 1 and 2: the view's banner is row 0, the list starts below it.
            #expect(harness.panel.lastDrawnRows == [1, 2])
            #expect(source.rowsRequested == 2)
            #expect(afterDown.lines[2] == "Item 0                 0")
            #expect(afterDown == harness.fullRedraw())
        }

        /// Enter on a row changes nothing the list shows: the view that
        /// handled it draws no row again (it drew the whole list, hidden
        /// under the page the choice opens).
        @Test func choosingARowDrawsNoRowAgain() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            var chosen: [Int] = []
            list.onChoose = { chosen.append($0) }
            let harness = DamageHarness(list)
            defer { harness.screen.end() }
            let before = harness.screen.snapshot()
            let counts = harness.panel.drawCounts
            #expect(harness.host.handle(.enter))
            #expect(chosen == [0])
            #expect(harness.screen.snapshot() == before)
            #expect(harness.panel.drawCounts.full == counts.full)
            #expect(harness.panel.drawCounts.partial == counts.partial)
        }

        /// A detail told the next item of a list (a split's preview moving
        /// on) draws again only the rows whose text changed.
        @Test func aDetailOfTheSameShapeRedrawsOnlyTheRowsWhoseTextChanged() {
            let detail = DetailWidget(title: "iPhone", fields: [DetailField("Chip", "Samsung"), DetailField("Year", "2007")],
                                      paragraphs: ["Not in your favourites"])
            let harness = DamageHarness(detail, size: CellSize(width: 40, height: 12))
            defer { harness.screen.end() }
            let full = harness.panel.drawCounts.full
            detail.show(title: "iPhone 3G", fields: [DetailField("Chip", "Samsung"), DetailField("Year", "2008")],
                        paragraphs: ["Not in your favourites"])
            let after = harness.screen.snapshot()
            #expect(harness.panel.drawCounts.full == full)
            #expect(harness.panel.drawCounts.partial == 1)
            // The banner is panel row 0; the heading row 1, then a gap, Chip, Year.
            #expect(harness.panel.lastDrawnRows == [1, 4])
            #expect(after.lines[2] == "iPhone 3G", "screen row 2: the host starts the panel on row 1")
            #expect(after == harness.fullRedraw())
        }

        /// A page that starts to scroll gains its scroll keys: drawn whole.
        @Test func aDetailThatStartsToScrollIsDrawnWhole() {
            let detail = DetailWidget(title: "short", fields: [DetailField("a", "1")])
            let harness = DamageHarness(detail, size: CellSize(width: 40, height: 8))
            defer { harness.screen.end() }
            let full = harness.panel.drawCounts.full
            detail.show(title: "long", fields: (1...20).map { DetailField("key \($0)", "value") }, paragraphs: [])
            let after = harness.screen.snapshot()
            #expect(harness.panel.drawCounts.full == full + 1)
            #expect(after == harness.fullRedraw())
        }

        /// New paragraphs under the same heading (a favourite's note) keep
        /// the page where the user scrolled it; a new heading starts at the top.
        @Test func aDetailKeepsItsScrollUnderTheSameHeading() {
            let detail = DetailWidget(title: "long", fields: (1...20).map { DetailField("key \($0)", "value") })
            let harness = DamageHarness(detail, size: CellSize(width: 40, height: 8))
            defer { harness.screen.end() }
            #expect(harness.host.handle(.down))
            #expect(harness.host.handle(.down))
            #expect(detail.scrollOffset == 2)
            detail.paragraphs = ["Added to Favourites"]
            #expect(detail.scrollOffset == 2)
            _ = harness.screen.snapshot()
            detail.fields = detail.fields.reversed()
            #expect(detail.scrollOffset == 2)
            detail.title = "another"
            #expect(detail.scrollOffset == 0)
        }

        @Test func aMoveThatChangesNothingDrawsNothing() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            let harness = DamageHarness(list)
            defer { harness.screen.end() }
            let counts = harness.panel.drawCounts
            #expect(harness.host.handle(.up))  // already at the top
            _ = harness.screen.snapshot()
            #expect(harness.panel.drawCounts.full == counts.full)
            #expect(harness.panel.drawCounts.partial == counts.partial)
        }

        @Test func aScrollRedrawsTheWholePage() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            let harness = DamageHarness(list)  // 6 rows show: screen 8, header 1, banner 1
            defer { harness.screen.end() }
            for _ in 0..<5 { harness.host.handle(.down) }
            let full = harness.panel.drawCounts.full
            harness.host.handle(.down)
            let scrolled = harness.screen.snapshot()
            #expect(harness.panel.drawCounts.full == full + 1)
            #expect(scrolled.lines[2] == "Item 1                 1")
            #expect(scrolled == harness.fullRedraw())
        }

        @Test func aKeyTheScreenHandlesItselfStillRedrawsTheWholeView() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            let harness = DamageHarness(list)
            defer { harness.screen.end() }
            harness.host.handle(.down)
            #expect(harness.host.handle(.character("b")))
            #expect(harness.screen.snapshot().lines[1] == "changed")
        }

        @Test func filterResizeReloadThemeAndFocusAfterADownDrawTheWholeCorrectPage() {
            useUTF8Locale()
            let source = ArrayListDataSource(titles: (0..<40).map { "Row \($0)" })
            let list = ListWidget(dataSource: source)
            let harness = DamageHarness(list)
            defer { harness.screen.end() }
            func expectWholeAndCorrect(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
                let full = harness.panel.drawCounts.full
                let shown = harness.screen.snapshot()
                #expect(harness.panel.drawCounts.full == full + 1, "\(step)", sourceLocation: sourceLocation)
                #expect(shown == harness.fullRedraw(), "\(step)", sourceLocation: sourceLocation)
            }
            harness.host.handle(.down)
            _ = harness.screen.snapshot()
            harness.host.handle(.character("/"))
            harness.host.handle(.character("3"))
            expectWholeAndCorrect("filter")
            #expect(harness.screen.snapshot().lines[2...4] == ["Row 3", "Row 13", "Row 23"])
            harness.host.handle(.down)
            _ = harness.screen.snapshot()
            harness.screen.resize(to: CellSize(width: 20, height: 6))
            expectWholeAndCorrect("resize")
            harness.host.handle(.escape)  // clears the filter
            harness.host.handle(.down)
            _ = harness.screen.snapshot()
            list.dataSource = ArrayListDataSource(titles: (0..<40).map { "New \($0)" })
            expectWholeAndCorrect("reload")
            #expect(harness.screen.snapshot().lines[2].hasPrefix("New "))
            harness.host.handle(.down)
            _ = harness.screen.snapshot()
            list.theme = .monochrome
            expectWholeAndCorrect("theme")
            harness.host.handle(.down)
            _ = harness.screen.snapshot()
            harness.view.handle(.lostFocus)
            expectWholeAndCorrect("focus")
        }

        @Test func aDownInATableRedrawsTheTwoRowsAndItsPosition() {
            let table = TableWidget(columns: [TableColumn("Name", width: .flexible(minimum: 4))],
                                    dataSource: CountingTableSource(rowCount: 50))
            let harness = DamageHarness(table)
            defer { harness.screen.end() }
            #expect(harness.host.handle(.down))
            let shown = harness.screen.snapshot()
            // Banner 0, column titles 1, rows 2 and 3, the status line last (panel row 6).
            #expect(harness.panel.lastDrawnRows == [2, 3, 6])
            #expect(shown.lines[7].hasSuffix("2/50"))
            #expect(shown == harness.fullRedraw())
        }

        @Test func aListWithoutAnOwnerForRowsAsksForEverything() {
            let list = ListWidget(dataSource: CountingDataSource(count: 100))
            var whole = 0
            list.onNeedsDisplay = { whole += 1 }
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            list.move(.down)
            #expect(whole == 1)
        }
    }
}
