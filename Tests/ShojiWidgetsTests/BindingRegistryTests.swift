import Testing
import ShojiCurses
@testable import ShojiWidgets

/// One registry feeds dispatch, the footer and the help overlay, so what a
/// screen advertises is what its keys do.
extension WidgetsSuite {
    @Suite @MainActor struct BindingRegistryTests {
        @Test func theListsBindingsFeedTheFooterAndChangeWhileFiltering() {
            let list = ListWidget(dataSource: phoneRows)
            let footer = FooterBar(items: list.bindings)
            let harness = WidgetHarness(footer, size: CellSize(width: 50, height: 1))
            defer { harness.end() }
            #expect(harness.snapshot().lines == ["Enter/→/l open  / filter"])
            list.press(.character("/"))
            footer.items = list.bindings
            #expect(harness.snapshot().lines == ["Enter done  Esc clear filter"])
            list.type("3g")
            list.press(.enter)
            footer.items = list.bindings
            #expect(harness.snapshot().lines == ["Enter/→/l open  / filter  Esc clear filter"])
            #expect(list.press(.character("h")) == [true])
            #expect(!list.isFiltering)
        }

        @Test func helpListsTheMotionsTheFooterLeavesOut() {
            let list = ListWidget(dataSource: phoneRows)
            let help = HelpOverlay(bindings: list.bindings)
            let harness = WidgetHarness(help, size: help.preferredSize(in: CellSize(width: 80, height: 24)))
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "┌─ Keys ───────────────┐",
                "│ ↑/k        up        │",
                "│ ↓/j        down      │",
                "│ PgUp       page up   │",
                "│ PgDn       page down │",
                "│ Home/g     first     │",
                "│ End/G      last      │",
                "│ Enter/→/l  open      │",
                "│ /          filter    │",
                "└──────────────────────┘",
            ])
        }

        @Test func bindingsHeldAfterTheWidgetIsGoneDoNothing() {
            var list: ListWidget? = ListWidget(dataSource: phoneRows)
            weak let released = list
            let bindings = list!.bindings
            list = nil
            #expect(released == nil)
            #expect(bindings.dispatch(.down))
        }

        @Test func reachableKeepsOnlyTheKeysNoEarlierBindingTakes() {
            let layers = KeyBinding.reachable([
                [KeyBinding([.escape, .character("?")], "close") {}],
                [KeyBinding([.escape, .backspace], "back") {}],
                [KeyBinding([.character("?")], "help") {}, KeyBinding([.character("q")], "quit") {}],
            ])
            #expect(layers.map { $0.map { "\($0.keyNames) \($0.label)" } } == [
                ["Esc/? close"], ["Backspace back"], ["q quit"],
            ])
        }

        @Test func aBindingWithNoKeyLeftIsNotReachable() {
            let layers = KeyBinding.reachable([[KeyBinding([], "nothing") {}], [KeyBinding([.enter], "go") {}]])
            #expect(layers[0].isEmpty)
            #expect(layers[1].map(\.label) == ["go"])
        }

        @Test func aNewOpenLabelShowsThoughTheBindingsAreMadeOnce() {
            let list = ListWidget(dataSource: phoneRows)
            #expect(list.bindings.contains { $0.label == "open" })
            list.openLabel = "choose"
            #expect(list.bindings.contains { $0.label == "choose" })
            list.setFilter("3")
            #expect(list.bindings.contains { $0.label == "choose" }, "the filtered list's too")
        }

        @Test func dispatchRunsTheFirstBindingWithTheKey() {
            var ran: [String] = []
            let bindings = [
                KeyBinding([.character("f")], "favourite") { ran.append("favourite") },
                KeyBinding([.character("f"), .enter], "other") { ran.append("other") },
            ]
            #expect(bindings.dispatch(.character("f")))
            #expect(bindings.dispatch(.enter))
            #expect(!bindings.dispatch(.character("x")))
            #expect(ran == ["favourite", "other"])
        }
    }
}
