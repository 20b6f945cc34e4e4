import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Re-layout (resize, `relayoutPanels()`) must keep the z-order that
    /// `raise()`/`lower()` made, not put panels back in creation order.
    @Suite @MainActor struct PanelOrderTests {
        /// A content panel, then a full-screen frame made after it and lowered below it.
        private func contentAboveALoweredFrame(on screen: TerminalScreen) -> (content: TerminalPanel, frame: TerminalPanel) {
            let content = screen.makePanel { CellRect(x: 1, y: 1, width: $0.width - 2, height: $0.height - 2) }
            content.draw = { canvas in canvas.text("content", at: .zero) }
            let frame = screen.makePanel { CellRect(size: $0) }
            frame.draw = { canvas in
                for row in 0..<canvas.size.height {
                    canvas.text(String(repeating: "#", count: canvas.size.width), at: CellPoint(x: 0, y: row))
                }
            }
            frame.lower()
            return (content, frame)
        }

        /// Row 1 with the content panel on top of the frame: its text, then its erased cells.
        private func contentRow(width: Int) -> String {
            "#" + "content" + String(repeating: " ", count: width - 2 - 7) + "#"
        }

        @Test func resizesKeepALoweredPanelBelow() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let (content, frame) = contentAboveALoweredFrame(on: screen)
            #expect(content.isAbove(frame))
            #expect(screen.snapshot().lines[1] == contentRow(width: 20))
            for size in [CellSize(width: 24, height: 6), CellSize(width: 18, height: 4), CellSize(width: 20, height: 5)] {
                screen.resize(to: size)
                #expect(content.isAbove(frame), "after a resize to \(size)")
                #expect(screen.snapshot().lines[1] == contentRow(width: size.width), "after a resize to \(size)")
            }
            screen.relayoutPanels()
            #expect(content.isAbove(frame))
            #expect(screen.snapshot().lines[1] == contentRow(width: 20))
        }

        @Test func showingAVisiblePanelDoesNotRaiseIt() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let (content, frame) = contentAboveALoweredFrame(on: screen)
            frame.isHidden = false
            #expect(content.isAbove(frame))
            frame.layout = { CellRect(size: $0) }
            #expect(content.isAbove(frame))
            #expect(screen.snapshot().lines[1] == contentRow(width: 20))
        }

        @Test func aHiddenPanelStaysHiddenThroughResizes() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let (content, frame) = contentAboveALoweredFrame(on: screen)
            content.isHidden = true
            screen.resize(to: CellSize(width: 22, height: 6))
            #expect(!screen.snapshot().contains("content"))
            content.isHidden = false
            #expect(content.isAbove(frame))
            #expect(screen.snapshot().lines[1] == contentRow(width: 22))
        }

        /// A panel laid out to nothing (a column when the terminal is 1x1)
        /// is hidden from curses, which forgets its place; when the panel
        /// gets a place again it goes back there, below the panels above
        /// it (a dialog raised meanwhile), not on top of them.
        @Test func aPanelLaidOutToNothingComesBackInItsPlace() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let content = screen.makePanel { $0.width < 10 ? CellRect(x: 0, y: 0, width: 0, height: 0) : CellRect(size: $0) }
            content.draw = { canvas in canvas.text(String(repeating: "c", count: canvas.size.width), at: .zero) }
            screen.resize(to: CellSize(width: 5, height: 5))
            // Made while the content has no place, then raised, as a host raises a modal.
            let dialog = screen.makePanel { CellRect(x: 0, y: 0, width: min(3, $0.width), height: 1) }
            dialog.draw = { canvas in canvas.text("top", at: .zero) }
            dialog.raise()
            screen.resize(to: CellSize(width: 20, height: 5))
            #expect(dialog.isAbove(content))
            #expect(screen.snapshot().lines[0] == "top" + String(repeating: "c", count: 17))
        }

        /// Raising or lowering a hidden panel keeps it hidden (curses'
        /// `top_panel` and `bottom_panel` show it); shown again, it is
        /// where it was raised to.
        @Test func raisingOrLoweringAHiddenPanelKeepsItHidden() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let (content, frame) = contentAboveALoweredFrame(on: screen)
            frame.isHidden = true
            frame.raise()
            #expect(screen.snapshot().lines[1] == " content")
            frame.lower()
            #expect(screen.snapshot().lines[1] == " content")
            frame.raise()
            frame.isHidden = false
            #expect(frame.isAbove(content))
            #expect(screen.snapshot().lines[1] == String(repeating: "#", count: 20))
        }
    }
}
