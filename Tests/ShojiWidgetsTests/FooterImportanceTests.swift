import Testing
import ShojiCurses
@testable import ShojiWidgets

/// What the footer drops when its pairs do not fit: the least important
/// first, among equals the last, with `…` where they were.
extension WidgetsSuite {
    @Suite @MainActor struct FooterImportanceTests {
        private func bindings() -> [KeyBinding] {
            [
                KeyBinding([.character("x")], "export", importance: .low) {},
                KeyBinding([.enter], "open") {},
                KeyBinding([.character("/")], "filter") {},
                KeyBinding([.escape], "back", importance: .high) {},
                KeyBinding([.character("?")], "help", importance: .essential) {},
                KeyBinding([.character("q")], "quit", importance: .essential) {},
            ]
        }

        private func line(width: Int) -> String {
            let harness = WidgetHarness(FooterBar(items: bindings()), size: CellSize(width: width, height: 1))
            defer { harness.end() }
            return harness.snapshot().lines[0]
        }

        @Test func everythingShowsWhenItFits() {
            #expect(line(width: 60) == "x export  Enter open  / filter  Esc back  ? help  q quit")
        }

        @Test func theLeastImportantGoesFirstWhereverItIs() {
            #expect(line(width: 50) == "…  Enter open  / filter  Esc back  ? help  q quit")
        }

        @Test func amongEqualsTheLastGoesFirst() {
            #expect(line(width: 40) == "…  Enter open  Esc back  ? help  q quit")
            #expect(line(width: 30) == "…  Esc back  ? help  q quit")
        }

        @Test func helpAndQuitAreTheLastToGo() {
            #expect(line(width: 20) == "…  ? help  q quit")
            // Of two essentials, the last goes first, as among any equals:
            // help, which lists quit, stays.
            #expect(line(width: 12) == "…  ? help")
            #expect(line(width: 6) == "? help")
            #expect(line(width: 4) == "? h…")
        }
    }
}
