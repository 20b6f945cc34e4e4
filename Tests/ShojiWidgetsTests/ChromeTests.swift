import Testing
import ShojiCurses
@testable import ShojiWidgets

extension WidgetsSuite {
    @Suite @MainActor struct ChromeTests {
        @Test func tabBarShowsNumbersAndHighlightsTheActiveTab() {
            let tabs = TabBar(titles: ["Catalog", "Favourites", "Account"], selectedIndex: 1)
            var selected: [Int] = []
            tabs.onSelect = { selected.append($0) }
            let harness = WidgetHarness(tabs, size: CellSize(width: 40, height: 1))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [" 1 Catalog   2 Favourites   3 Account"])
            #expect(snapshot.attributeLines == ["            RRRRRRRRRRRRRR"])
            tabs.press(.character("3"), .character("]"), .character("["))
            #expect(selected == [2, 2, 0])
            #expect(tabs.press(.tab, .backTab) == [false, false], "Tab moves between panes, not tabs")
            #expect(tabs.bindings.map(\.keyNames).suffix(2) == ["]", "["])
            #expect(tabs.press(.character("4")) == [false])
            harness.resize(CellSize(width: 20, height: 1))
            #expect(harness.snapshot().lines == [" 1 Catalog   2 Favo…"])
        }

        @Test func headerShowsTheBreadcrumbCutFromTheLeft() {
            let header = HeaderBar(title: "Catalog", path: ["List", "iPhone 15 Pro"], trailing: "alice")
            let harness = WidgetHarness(header, size: CellSize(width: 44, height: 1))
            defer { harness.end() }
            let wide = harness.snapshot()
            #expect(wide.lines == [" Catalog › List › iPhone 15 Pro       alice"])
            #expect(wide.attributeLines == [String(repeating: "B", count: 44)])
            harness.resize(CellSize(width: 20, height: 1))
            #expect(harness.snapshot().lines == [" …t › iPhone 15 Pro"])
            header.path = ["漢字テキスト"]
            #expect(harness.snapshot().lines == [" …og › 漢字テキスト"])
        }

        /// The end of a huge breadcrumb is found from the end; the start is
        /// never laid out.
        @Test func aHugeBreadcrumbShowsItsEnd() {
            let header = HeaderBar(title: "Catalog", path: [String(repeating: "word ", count: 1_000_000) + "e\u{301}nd 漢字"])
            let harness = WidgetHarness(header, size: CellSize(width: 20, height: 1))
            defer { harness.end() }
            #expect(harness.snapshot().lines == [" …ord word e\u{301}nd 漢字"])
        }

        @Test func spinnerAdvancesOnTheClockAndStops() {
            let spinner = Spinner(label: "Fetching…")
            let harness = WidgetHarness(spinner, size: CellSize(width: 12, height: 1))
            defer { harness.end() }
            let clock = VirtualLoopClock()
            var redraws = 0
            spinner.onNeedsDisplay = { redraws += 1 }
            spinner.start(clock: clock)
            #expect(harness.snapshot().lines == ["⠋ Fetching…"])
            clock.advance(by: .milliseconds(79))
            #expect(spinner.frameIndex == 0)
            clock.advance(by: .milliseconds(1))
            #expect(harness.snapshot().lines == ["⠙ Fetching…"])
            clock.advance(by: .milliseconds(800))
            #expect(spinner.frameIndex == 1)
            #expect(redraws == 11)
            spinner.stop()
            clock.advance(by: .seconds(1))
            #expect(spinner.frameIndex == 1)
            #expect(!spinner.isRunning)
        }

        @Test func toastDisappearsAfterItsDelay() {
            let clock = VirtualLoopClock()
            let toast = Toast(clock: clock)
            let harness = WidgetHarness(toast, size: CellSize(width: 14, height: 1))
            defer { harness.end() }
            toast.show("Saved", for: .seconds(2))
            #expect(toast.preferredSize(in: CellSize(width: 80, height: 24)) == CellSize(width: 7, height: 1))
            let shown = harness.snapshot()
            #expect(shown.lines == [" Saved"])
            #expect(shown.attributeLines == [String(repeating: "R", count: 14)])
            clock.advance(by: .seconds(1))
            toast.show("Added to favourites", kind: .success, for: .seconds(2))
            clock.advance(by: .milliseconds(1500))
            #expect(harness.snapshot().lines == [" Added to fa…"])
            clock.advance(by: .milliseconds(500))
            #expect(!toast.isVisible)
            #expect(harness.snapshot().lines == [""])
            #expect(clock.pendingCount == 0)
        }
    }

    @Suite @MainActor struct ThemeTests {
        @Test func monochromeChoosesAttributesThatReadWithoutColour() {
            let theme = Theme.forDepth(.monochrome)
            #expect(theme == .monochrome)
            #expect(Theme.forDepth(.palette256) == .standard)
            #expect(theme.selection.attributes.contains(.reverse))
            #expect(theme.focusedField.attributes.contains(.bold) || theme.focusedField.attributes.contains(.underline))
            #expect(theme.match.attributes.contains(.underline))
            #expect(theme.focusedButton.attributes.contains(.reverse))
            for style in [theme.selection, theme.match, theme.header, theme.toast, theme.error] {
                #expect(style.foreground == .default && style.background == .default)
            }
        }

        @Test func standardKeepsTheSameMeaningInAttributes() {
            let theme = Theme.standard
            #expect(theme.selection.attributes.contains(.reverse))
            #expect(theme.tabActive.attributes.contains(.reverse))
            #expect(theme.match.attributes.contains(.underline))
            #expect(theme.selectionUnfocused != theme.selection)
        }

        @Test func widgetsPickTheThemeFromTheCanvasUnlessOneIsSet() {
            let list = ListWidget(dataSource: ArrayListDataSource(titles: ["one", "two"]))
            let harness = WidgetHarness(list, size: CellSize(width: 6, height: 3), colors: false)
            defer { harness.end() }
            list.setFilter("o")
            list.finishEditing()
            // Monochrome: the match on the unselected row is underlined and bold.
            #expect(harness.snapshot().attributeLines == ["RRRRRR", "  B", "B"])
            var custom = Theme.monochrome
            custom.match = Style(attributes: .underline)
            list.theme = custom
            #expect(harness.snapshot().attributeLines == ["RRRRRR", "  U", "B"])
        }
    }
}
