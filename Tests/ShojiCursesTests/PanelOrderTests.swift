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
    }
}
