import Testing
@testable import ShojiCurses
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    /// The frame decides per key whether its header, tab bar and footer
    /// changed from what they are made of (bindings by declaration, titles),
    /// not by building the footer's strings: a Down in a list draws neither
    /// the bars nor anything of the list but its two rows.
    @Suite @MainActor struct ChromeRefreshTests {
        @Test func aDownInAListDrawsTwoRowsAndNotTheChrome() {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 10), title: "demo")
            defer { harness.end() }
            let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple", "banana", "cherry", "damson"]))
            harness.router.setRoot(list, owner: nil)
            _ = harness.lines
            let chromeDraws = harness.frame.chrome.drawCounts
            let listDraws = list.panel!.drawCounts
            harness.press(.down)
            let lines = harness.lines
            #expect(harness.frame.chrome.drawCounts.full == chromeDraws.full)
            #expect(harness.frame.chrome.drawCounts.partial == chromeDraws.partial)
            #expect(list.panel!.drawCounts.full == listDraws.full)
            #expect(list.panel!.drawCounts.partial == listDraws.partial + 1)
            #expect(lines[2] == "banana")
            #expect(lines[9].hasPrefix("Enter/→/l open  / filter"))
        }

        @Test func theFooterFollowsWhatActsWhenItChanges() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 10), title: "demo")
            defer { harness.end() }
            let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple", "banana"]))
            harness.router.setRoot(list, owner: nil)
            #expect(!harness.lines[9].contains("done"))
            let chromeDraws = harness.frame.chrome.drawCounts
            harness.press(.character("/"))
            #expect(harness.lines[9].contains("Enter done"))
            // Only the bar that changed: the footer's row.
            #expect(harness.frame.chrome.drawCounts.full == chromeDraws.full)
            #expect(harness.frame.chrome.drawCounts.partial == chromeDraws.partial + 1)
            #expect(harness.frame.chrome.lastDrawnRows == [9])
            list.list.openLabel = "pick"
            harness.press(.escape)
            #expect(harness.lines[9].contains("pick"), "a binding declared again with a new label is a change")
            harness.router.push(NamedScreen("Detail"), owner: nil)
            #expect(harness.lines[0].hasPrefix(" demo › Fruit › Detail"))
            #expect(harness.lines[9].hasPrefix("x use x  Esc back"))
            #expect(harness.frame.chrome.lastDrawnRows == [0, 9])
            list.title = "Fruits"  // the breadcrumb alone changes: the header's row alone is drawn
            harness.frame.refresh()
            #expect(harness.lines[0].hasPrefix(" demo › Fruits › Detail"))
            #expect(harness.frame.chrome.lastDrawnRows == [0])
        }
    }
}
