import ShojiNavigation
import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A root screen of a pane that records what it hears.
@MainActor
private final class CoveredScreen: PanelView {
    var events: [LifecycleEvent] = []

    init() {
        super.init(title: "List")
        content = ProbeWidget("l")
    }

    override func handle(_ event: LifecycleEvent) {
        events.append(event)
        super.handle(event)
    }
}

extension WidgetsSuite {
    /// B3: a pane that covers its neighbour on a narrow terminal (`.cover`)
    /// goes back to it: Esc, the footer's back, and the covered pane's root
    /// told it shows again.
    @Suite @MainActor struct CoverBackTests {
        /// A list pane (a `StackPane`) and a detail that covers it below 60 columns.
        private func makeScreen(width: Int) -> (TerminalScreen, NavigationHost, LayoutWidget, CoveredScreen) {
            let screen = TerminalScreen.headless(size: CellSize(width: width, height: 8))
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let pane = StackPane()
            let root = CoveredScreen()
            pane.router.setRoot(root)
            let detail = ProbeWidget("d")
            detail.takesKeys = false
            let layout = LayoutWidget(.columns, [
                LayoutItem(pane, size: .fixed(20), title: "List", focusable: true),
                LayoutItem(detail, hiddenBelow: CellSize(width: 60, height: 0), collapse: .cover,
                           title: "Detail", focusable: true),
            ])
            let view = PanelView(title: "Screen")
            view.content = layout
            router.setRoot(view)
            return (screen, host, layout, root)
        }

        @Test func escFromACoveringPaneReturnsToTheCoveredOne() {
            let (screen, host, layout, root) = makeScreen(width: 40)
            defer { screen.end() }
            #expect(screen.snapshot().lines.first?.hasPrefix("llll") == true)
            layout.focus(1)
            #expect(screen.snapshot().lines.first?.hasPrefix("dddd") == true, "the detail covers the list")
            #expect(host.keyChain().offered(.back).map(\.label) == ["back"], "the footer offers back")
            root.events = []
            #expect(host.handle(.escape))
            #expect(layout.focusedIndex == 0)
            #expect(screen.snapshot().lines.first?.hasPrefix("llll") == true)
            #expect(root.events.map(\.description) == ["willAppear(moving: false)", "didAppear(moving: false)",
                                                       "gainedFocus"],
                    "the covered root hears it shows again, then that it has the keys")
            #expect(host.keyChain().offered(.back).isEmpty, "at the root, back does nothing")
        }

        @Test func sideBySideBackFromTheDetailDoesNothingInTheLayout() {
            let (screen, host, layout, root) = makeScreen(width: 80)
            defer { screen.end() }
            _ = screen.snapshot()
            layout.focus(1)
            root.events = []
            #expect(host.keyChain().offered(.back).isEmpty, "nothing is covered")
            #expect(!host.handle(.escape))
            #expect(layout.focusedIndex == 1)
            #expect(!root.events.contains { $0.description.hasPrefix("willAppear") })
        }
    }
}
