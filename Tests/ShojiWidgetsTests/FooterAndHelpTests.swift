import Testing
import ShojiCurses
@testable import ShojiWidgets

@MainActor
func sampleBindings() -> [KeyBinding] {
    [
        KeyBinding([.enter], "open") {},
        KeyBinding([.character("/")], "filter") {},
        KeyBinding([.up, .character("k")], "up", footer: false) {},
        KeyBinding([.character("?")], "help") {},
        KeyBinding([.character("q")], "quit") {},
    ]
}

extension WidgetsSuite {
    @Suite @MainActor struct FooterBarTests {
        @Test func showsOnlyFooterBindingsAsKeyLabelPairs() {
            let footer = FooterBar(items: sampleBindings())
            let harness = WidgetHarness(footer, size: CellSize(width: 40, height: 1))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == ["Enter open  / filter  ? help  q quit"])
            #expect(!snapshot.contains("up"))
            #expect(snapshot.attributeLines == ["BBBBB       B         B       B"])
        }

        @Test func dropsWholePairsThatDoNotFit() {
            let footer = FooterBar(items: sampleBindings(), trailing: "12/51")
            let harness = WidgetHarness(footer, size: CellSize(width: 30, height: 1))
            defer { harness.end() }
            #expect(harness.snapshot().lines == ["Enter open  / filter  …  12/51"])
            harness.resize(CellSize(width: 8, height: 1))
            #expect(harness.snapshot().lines == ["Enter o…"])
        }

        @Test func monochromeKeepsKeysBold() {
            let footer = FooterBar(items: [KeyBinding([.character("q")], "quit") {}])
            let harness = WidgetHarness(footer, size: CellSize(width: 10, height: 1), colors: false)
            defer { harness.end() }
            #expect(harness.snapshot().attributeLines == ["B"])
        }
    }

    @Suite @MainActor struct HelpOverlayTests {
        @Test func listsEveryBindingInDeclarationOrderIncludingHiddenOnes() {
            let help = HelpOverlay(bindings: sampleBindings())
            let size = help.preferredSize(in: CellSize(width: 80, height: 24))
            #expect(size == CellSize(width: 17, height: 7))
            let harness = WidgetHarness(help, size: size)
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "┌─ Keys ────────┐",
                "│ Enter  open   │",
                "│ /      filter │",
                "│ ↑/k    up     │",
                "│ ?      help   │",
                "│ q      quit   │",
                "└───────────────┘",
            ])
        }

        @Test func groupsScrollWhenLongerThanTheBox() {
            let help = HelpOverlay(sections: [
                HelpSection("List", bindings: Array(sampleBindings().prefix(2))),
                HelpSection("App", bindings: Array(sampleBindings().suffix(2))),
            ])
            var closed = false
            help.onClose = { closed = true }
            let harness = WidgetHarness(help, size: CellSize(width: 18, height: 5))
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "┌─ Keys ─────────┐",
                "│ List           │",
                "│ Enter  open    │",
                "│ /      filter  │",
                "└─────── ↓ more ─┘",
            ])
            help.press(.end)
            #expect(harness.snapshot().lines == [
                "┌─ Keys  ↑ more ─┐",
                "│ App            │",
                "│ ?      help    │",
                "│ q      quit    │",
                "└────────────────┘",
            ])
            help.press(.character("k"))
            let middle = harness.snapshot().lines
            #expect(middle[1] == "│                │")
            #expect(middle[0] == "┌─ Keys  ↑ more ─┐" && middle[4] == "└─────── ↓ more ─┘", "lines hidden both ways")
            #expect(help.press(.escape) == [true])
            #expect(closed)
        }
    }
}
