import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// `willLayoutPanels` runs before any panel asks for its frame, with the
    /// new size, so what a layout reads (a split's mode) is already decided.
    @Suite @MainActor struct WillLayoutPanelsTests {
        @Test func theHookRunsFirstWithTheNewSizeOnResizeAndRelayout() {
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 12))
            defer { screen.end() }
            var order: [String] = []
            var decided = 0
            let panel = screen.makePanel { size in
                order.append("layout \(size.width) sees \(decided)")
                return CellRect(size: size)
            }
            screen.willLayoutPanels = { size in
                decided = size.width
                order.append("hook \(size.width)")
            }
            order.removeAll()
            screen.resize(to: CellSize(width: 60, height: 12))
            #expect(order == ["hook 60", "layout 60 sees 60"])
            order.removeAll()
            screen.relayoutPanels()
            #expect(order == ["hook 60", "layout 60 sees 60"])
            _ = panel
        }
    }
}
