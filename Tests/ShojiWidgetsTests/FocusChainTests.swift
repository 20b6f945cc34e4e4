import ShojiNavigation
import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A screen whose content is `content`, recording the lifecycle events it hears.
@MainActor
private final class ChainScreen: PanelView {
    var events: [LifecycleEvent] = []
    var tabs = 0

    init(_ title: String, content: any Widget, bindsTab: Bool = false) {
        super.init(title: title)
        self.content = content
        if bindsTab { bind([.tab], "switch") { [unowned self] in tabs += 1 } }
    }

    override func handle(_ event: LifecycleEvent) {
        events.append(event)
        super.handle(event)
    }
}

extension WidgetsSuite {
    /// One focus chain per screen: every pane in reading order however
    /// deep the layouts nest, walked by the key chain (issue 47, item 2).
    @Suite @MainActor struct FocusChainTests {
        /// A | (B over C), each pane boxed and focusable, C with focus key
        /// `3`; the inner layout flagged focusable only when `flagged`.
        private func makeNested(flagged: Bool = true) -> (LayoutWidget, inner: LayoutWidget, panes: [ProbeWidget]) {
            let panes = [ProbeWidget("a"), ProbeWidget("b"), ProbeWidget("c")]
            for pane in panes { pane.takesKeys = false }
            let inner = LayoutWidget(.rows, [
                LayoutItem(panes[1], border: true, title: "B", focusable: true),
                LayoutItem(panes[2], border: true, title: "C", focusable: true, focusKey: .character("3")),
            ])
            let outer = LayoutWidget(.columns, [
                LayoutItem(panes[0], border: true, title: "A", focusable: true),
                LayoutItem(inner, focusable: flagged),
            ])
            return (outer, inner, panes)
        }

        private func focusedName(_ panes: [ProbeWidget]) -> String? {
            panes.first { $0.focused == true }?.name
        }

        /// B1: Tab reaches C, wraps to A; Shift-Tab walks back, in a screen.
        @Test func tabWalksEveryPaneOfANestedLayoutAndWraps() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let (outer, _, panes) = makeNested()
            router.setRoot(ChainScreen("nested", content: outer))
            _ = screen.snapshot()
            #expect(focusedName(panes) == "a")
            var order: [String?] = []
            for _ in 0..<3 {
                #expect(host.handle(.tab))
                order.append(focusedName(panes))
            }
            #expect(order == ["b", "c", "a"])
            order = []
            for _ in 0..<3 {
                #expect(host.handle(.backTab))
                order.append(focusedName(panes))
            }
            #expect(order == ["c", "b", "a"])
            #expect(host.keyChain().offered(.focus).map(\.label) == ["next pane", "previous pane", "to C"])
            #expect(!outer.bindings.contains { $0.label == "next pane" }, "the key chain walks the panes, not the layout")
        }

        /// B1 without a host: the outermost layout walks the whole chain.
        @Test func theOutermostLayoutWalksTheWholeChainAlone() {
            let (outer, inner, panes) = makeNested()
            let harness = WidgetHarness(outer, size: CellSize(width: 40, height: 12))
            _ = harness.snapshot()
            harness.end()
            var order: [String?] = []
            for _ in 0..<3 {
                #expect(outer.handle(.tab))
                order.append(focusedName(panes))
            }
            #expect(order == ["b", "c", "a"])
            #expect(outer.handle(.backTab) && focusedName(panes) == "c")
            #expect(!inner.bindings.contains { $0.label == "next pane" }, "a nested layout leaves Tab to the outermost")
        }

        /// A nested layout of panes needs no focusable flag of its own.
        @Test func aNestedLayoutOfPanesNeedsNoFlag() {
            let (outer, _, panes) = makeNested(flagged: false)
            let harness = WidgetHarness(outer, size: CellSize(width: 40, height: 12))
            _ = harness.snapshot()
            harness.end()
            #expect(outer.handle(.tab) && focusedName(panes) == "b")
            #expect(outer.handle(.character("3")) && focusedName(panes) == "c")
        }

        /// B2: C's focus key works from A, its neighbour's side.
        @Test func aNestedPanesFocusKeyWorksFromAnywhereOnTheScreen() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let (outer, _, panes) = makeNested()
            router.setRoot(ChainScreen("nested", content: outer))
            _ = screen.snapshot()
            #expect(focusedName(panes) == "a")
            #expect(host.handle(.character("3")))
            #expect(focusedName(panes) == "c")
        }

        /// A click on C gives it the keys, and the event arrives there.
        @Test func aClickOnANestedPaneFocusesIt() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let (outer, _, panes) = makeNested()
            router.setRoot(ChainScreen("nested", content: outer))
            _ = screen.snapshot()
            // A takes columns 0-19; B rows 0-5 and C rows 6-11 of columns 20-39.
            let click = MouseEvent(action: .press, button: .left, position: CellPoint(x: 30, y: 9))
            #expect(host.handle(.mouse(click)))
            #expect(focusedName(panes) == "c")
            #expect(panes[2].keys.contains { if case .mouse = $0 { true } else { false } })
        }

        /// A modal takes Tab (its buttons) and the chain offers nothing meanwhile.
        @Test func aModalTakesTabUntilItCloses() {
            let screen = TerminalScreen.headless(size: CellSize(width: 60, height: 16))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let (outer, _, panes) = makeNested()
            router.setRoot(ChainScreen("nested", content: outer))
            let alert = AlertWidget(title: "Sure?", message: "Really.", buttons: [AlertButton("OK"), AlertButton("Cancel")])
            router.present(ChainScreen("alert", content: alert))
            _ = screen.snapshot()
            #expect(host.handle(.tab))
            #expect(alert.focusedButton == 1, "the alert's Tab")
            #expect(host.keyChain().offered(.focus).isEmpty)
            _ = router.dismiss()
            #expect(host.handle(.tab))
            #expect(focusedName(panes) == "b", "the chain's Tab once the modal closed")
        }

        /// B7: an open filter in a list pane keeps typed characters, and Tab
        /// acts as the screen declares, not inside the inner layout.
        @Test func anOpenFilterKeepsItsKeysAndTabActsAsTheScreenDeclares() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let list = ListWidget(dataSource: ArrayListDataSource(titles: ["apple", "banana", "cherry"]))
            let other = ProbeWidget("o")
            other.takesKeys = false
            let inner = LayoutWidget(.rows, [
                LayoutItem(list, border: true, title: "List", focusable: true),
                LayoutItem(other, border: true, title: "Other", focusable: true),
            ])
            let outer = LayoutWidget(.columns, [LayoutItem(ProbeWidget("s")), LayoutItem(inner, focusable: true)])
            let view = ChainScreen("filter", content: outer, bindsTab: true)
            router.setRoot(view)
            _ = screen.snapshot()
            #expect(host.handle(.character("/")))
            #expect(list.isEditingText)
            for character in "an" { #expect(host.handle(.character(character))) }
            #expect(host.handle(.character("q")), "q is text in the filter")
            #expect(list.filterQuery == "anq")
            #expect(host.handle(.tab))
            #expect(view.tabs == 1, "the screen's Tab")
            #expect(inner.focusedIndex == 0 && list.isEditingText, "the filter keeps the keys")
        }

        /// Without a binding of the screen, Tab in an open filter walks the
        /// screen's chain like anywhere else.
        @Test func tabInAnOpenFilterWalksTheScreensChain() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let list = ListWidget(dataSource: ArrayListDataSource(titles: ["apple", "banana"]))
            let (outer, _, panes) = makeNested()
            outer.children.append(LayoutItem(list, border: true, title: "List", focusable: true))
            router.setRoot(ChainScreen("filter", content: outer))
            _ = screen.snapshot()
            outer.focus(2)
            #expect(host.handle(.character("/")) && list.isEditingText)
            #expect(host.handle(.tab))
            #expect(focusedName(panes) == "a", "List is the last pane: Tab wraps to A")
        }
    }
}

extension WidgetsSuite.FocusChainTests {
    /// A stack pane whose screen is itself a layout of panes: the chain
    /// goes through it, and Tab leaves it for the pane beside.
    @Test func theChainGoesThroughAStackPanesScreenOfPanes() {
        let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
        defer { screen.end() }
        let router = StackRouter()
        let host = NavigationHost(screen: screen, router: router)
        let panes = [ProbeWidget("a"), ProbeWidget("b"), ProbeWidget("c")]
        for pane in panes { pane.takesKeys = false }
        let inner = LayoutWidget(.rows, [
            LayoutItem(panes[1], border: true, title: "B", focusable: true),
            LayoutItem(panes[2], border: true, title: "C", focusable: true),
        ])
        let stack = StackPane()
        let paneScreen = PanelView(title: "Pane")
        paneScreen.content = inner
        stack.router.setRoot(paneScreen)
        let outer = LayoutWidget(.columns, [
            LayoutItem(panes[0], border: true, title: "A", focusable: true),
            LayoutItem(stack, focusable: true),
        ])
        let view = PanelView(title: "Screen")
        view.content = outer
        router.setRoot(view)
        _ = screen.snapshot()
        var order: [String?] = []
        for _ in 0..<3 {
            #expect(host.handle(.tab))
            order.append(panes.first { $0.focused == true }?.name)
        }
        #expect(order == ["b", "c", "a"])
    }
}
