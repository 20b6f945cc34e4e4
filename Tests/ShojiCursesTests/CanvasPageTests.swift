import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// `Canvas.page(height:scrolledBy:)`: a canvas taller than its view of
    /// which only the rows in view reach the screen.
    @Suite @MainActor struct CanvasPageTests {
        @Test func onlyTheRowsInViewAreDrawnInTheirPlace() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 6))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            var origin: CellPoint?
            var inView: [Bool] = []
            panel.draw = { canvas in
                canvas.text("above", at: .zero)
                canvas.text("below", at: CellPoint(x: 0, y: 5))
                // Rows 1-4 show rows 3-6 of a 10-row page.
                let view = canvas.subcanvas(CellRect(x: 0, y: 1, width: 12, height: 4))
                let page = view.page(height: 10, scrolledBy: 3)
                origin = page.originInPanel
                inView = (0..<10).map { page.needsDrawing(row: $0) }
                for row in 0..<10 { page.text("row \(row)", at: CellPoint(x: 0, y: row)) }
                page.fill(CellRect(x: 8, y: 0, width: 2, height: 10), style: .plain)
                // A sub-canvas of the page keeps to the rows in view too.
                page.subcanvas(CellRect(x: 10, y: 5, width: 2, height: 5)).text("xx", at: CellPoint(x: 0, y: 3))
            }
            let lines = screen.snapshot().lines
            #expect(lines == ["above", "row 3", "row 4", "row 5", "row 6", "below"])
            #expect(origin == CellPoint(x: 0, y: -2))
            #expect(inView == [false, false, false, true, true, true, true, false, false, false])
        }

        @Test func aSubCanvasOfAPageInViewDraws() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 4))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                let page = canvas.page(height: 8, scrolledBy: 2)
                page.subcanvas(CellRect(x: 2, y: 3, width: 4, height: 2)).text("in", at: CellPoint(x: 0, y: 1))
                page.subcanvas(CellRect(x: 2, y: 6, width: 4, height: 2)).text("out", at: .zero)
            }
            #expect(screen.snapshot().lines == ["", "", "  in", ""])
        }
    }
}
