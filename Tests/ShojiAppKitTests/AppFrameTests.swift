import Testing
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    @Suite @MainActor struct AppFrameTests {
        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 40, height: 12)])
        func theFrameShowsTheBreadcrumbTheScreenAndTheKeys(size: CellSize) {
            let harness = ScreenHarness(size: size, title: "demo")
            defer { harness.end() }
            let owner = Coordinator(router: harness.router)
            harness.router.setRoot(NamedScreen("Home"), owner: owner)
            harness.router.push(NamedScreen("Detail"), owner: owner)
            let lines = harness.lines
            #expect(lines[0].hasPrefix(" demo › Home › Detail"))
            #expect(lines[1].hasPrefix("screen Detail"))
            // The screen's binding, back (not at the root), then the frame's keys.
            let footer = lines[size.height - 1]
            #expect(footer.hasPrefix("x use x  Esc back  ? help"))
            #expect(!footer.contains("use q"), "a binding marked footer: false stays out")
            harness.press(.escape)
            #expect(harness.lines[0] == " demo › Home")
            #expect(!harness.lines[size.height - 1].contains("back"), "at the root back does nothing, so it is not offered")
        }

        @Test func keysGoToTheScreenBeforeTheFrame() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 12), title: "demo")
            defer { harness.end() }
            var quits = 0
            harness.frame.onQuit = { quits += 1 }
            let screen = NamedScreen("Home")
            harness.router.setRoot(screen, owner: nil)
            harness.press(.character("q"))
            #expect(screen.used == ["q"], "the screen's own q wins")
            #expect(quits == 0)
            harness.router.setRoot(NamedScreen("Other"), owner: nil)
            let plain = ListScreenView(title: "Plain", rows: TitlesPresenter(["a"]))
            harness.router.setRoot(plain, owner: nil)
            harness.press(.character("q"))
            #expect(quits == 1, "q quits when nothing else takes it")
        }

        @Test func aFilterTakesEveryPrintableKeyAndTabAsText() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 12), title: "demo")
            defer { harness.end() }
            var quits = 0
            harness.frame.onQuit = { quits += 1 }
            let root = TwoTabs(router: harness.router)
            root.start()
            let rows = TitlesPresenter(["alpha", "beta", "quince"])
            let list = ListScreenView(title: "Fruit", rows: rows)
            root.tabs?.tabs[0].router.push(list, owner: nil)
            harness.press(.character("/"))
            harness.type("q2")
            harness.press(.tab)
            #expect(quits == 0)
            #expect(root.tabs?.selectedIndex == 0, "neither 2 nor Tab switched tabs while typing")
            #expect(list.list.filterQuery == "q2")
            harness.press(.escape, .character("2"))
            #expect(root.tabs?.selectedIndex == 1, "out of the filter, 2 selects the second tab")
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 40, height: 12)])
        func aTabContainerWiresItselfToTheFrame(size: CellSize) {
            let harness = ScreenHarness(size: size, title: "demo")
            defer { harness.end() }
            let root = TwoTabs(router: harness.router)
            root.start()
            var lines = harness.lines
            #expect(lines[1] == " 1 One   2 Two")
            #expect(lines[2].hasPrefix("screen First"))
            harness.press(.character("x"))
            #expect(root.first.used == ["x"], "keys go to the selected tab's screen")
            harness.press(.character("2"))
            lines = harness.lines
            #expect(lines[2].hasPrefix("screen Second"))
            #expect(lines[0].hasPrefix(" demo › Second"))
            harness.press(.character("x"))
            #expect(root.second.used == ["x"])
            // Tab and Shift-Tab are not the tabs' (they move between panes): `[` and `]` are.
            harness.press(.tab, .backTab)
            #expect(harness.lines[2].hasPrefix("screen Second"))
            harness.press(.character("["))
            #expect(harness.lines[2].hasPrefix("screen First"))
            harness.press(.character("]"))
            #expect(harness.lines[2].hasPrefix("screen Second"))
            harness.press(.character("]"))
            #expect(harness.lines[2].hasPrefix("screen First"), "] wraps round")
        }

        @Test func aTabNeverSelectedHoldsNoPanelUntilItIsSelected() {
            // A panel's window is about 28 bytes a cell; a served session
            // pays for every one, so a tab nobody opened must not cost one.
            let harness = ScreenHarness(size: CellSize(width: 80, height: 24), title: "demo")
            defer { harness.end() }
            let root = TwoTabs(router: harness.router)
            root.start()
            #expect(root.first.panel != nil)
            #expect(root.second.panel == nil)
            harness.press(.character("2"))
            #expect(root.second.panel != nil)
            #expect(harness.lines[2].hasPrefix("screen Second"))
            harness.press(.character("1"))
            #expect(root.second.panel?.isHidden == true, "a tab left keeps its panel, hidden")
            #expect(harness.lines[2].hasPrefix("screen First"))
        }

        @Test func endingTheFlowThatOwnsTheTabsRemovesTheBarAndReleasesThem() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 12), title: "demo")
            defer { harness.end() }
            let tracker = LeakTracker()
            do {
                let root = TwoTabs(router: harness.router)
                root.start()
                tracker.track(root.tabs!, as: "TabContainer")
                tracker.track(root.first, as: "first screen")
                harness.router.setRoot(NamedScreen("Login"), owner: nil)
                root.cancel(.replaced)
            }
            let lines = harness.lines
            #expect(tracker.survivors.isEmpty)
            #expect(lines[0].hasPrefix(" demo › Login"))
            #expect(lines[1].hasPrefix("screen Login"), "no tab bar row any more")
        }

        @Test func helpListsTheScreensKeysAndTheFramesAndEscClosesIt() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 20), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(NamedScreen("Home"), owner: nil)
            harness.press(.character("?"))
            let text = harness.lines.joined(separator: "\n")
            #expect(text.contains("use x"))
            #expect(text.contains("Everywhere"))
            #expect(text.contains("quit"))
            #expect(harness.router.entries.count == 2)
            harness.press(.escape)
            #expect(harness.router.entries.count == 1)
            #expect(!harness.lines.joined().contains("Everywhere"))
        }

        @Test func theCommandPaletteRunsABindingByName() {
            let harness = ScreenHarness(size: CellSize(width: 60, height: 20), title: "demo")
            defer { harness.end() }
            let screen = NamedScreen("Home")
            harness.router.setRoot(screen, owner: nil)
            harness.press(.control("p"))
            #expect(harness.lines.joined(separator: "\n").contains("Commands"))
            harness.type("use x")
            harness.press(.enter)
            #expect(screen.used == ["x"])
            #expect(harness.router.entries.count == 1, "the palette closed before running the command")
        }
    }
}
