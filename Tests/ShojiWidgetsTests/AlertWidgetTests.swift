import Testing
import ShojiCurses
@testable import ShojiWidgets

extension WidgetsSuite {
    @Suite @MainActor struct AlertWidgetTests {
        private func retryAlert() -> AlertWidget {
            AlertWidget(title: "Download failed",
                        message: "The catalogue could not be read: line 3, unexpected ']'.",
                        buttons: [AlertButton("Retry"), AlertButton("Cancel", isCancel: true)])
        }

        @Test func drawsABoxSizedToItsContentCentredAboveTheScreen() {
            let alert = AlertWidget(title: "Download failed", message: "The catalogue could not be read.",
                                    buttons: [AlertButton("Retry"), AlertButton("Cancel", isCancel: true)])
            let screen = TerminalScreen.headless(size: CellSize(width: 40, height: 9))
            defer { screen.end() }
            let background = screen.makePanel { CellRect(size: $0) }
            background.draw = { canvas in
                for y in 0..<canvas.size.height { canvas.text(String(repeating: ".", count: 40), at: CellPoint(x: 0, y: y)) }
            }
            let size = alert.preferredSize(in: screen.size)
            #expect(size == CellSize(width: 36, height: 5))
            let panel = screen.makePanel { CellRect(size: $0).centered(size) }
            panel.draw = { canvas in alert.draw(&canvas) }
            let snapshot = screen.snapshot()
            #expect(snapshot.lines == [
                "........................................",
                "........................................",
                "..┌─ Download failed ────────────────┐..",
                "..│ The catalogue could not be read. │..",
                "..│                                  │..",
                "..│      [ Retry ]  [ Cancel ]       │..",
                "..└──────────────────────────────────┘..",
                "........................................",
                "........................................",
            ])
            #expect(snapshot.attributeLines[5] == "  1      RRRRRRRRR                   1")
        }

        @Test func longMessagesWrapAtAReadableWidth() {
            let size = retryAlert().preferredSize(in: CellSize(width: 80, height: 24))
            #expect(size == CellSize(width: 52, height: 6))
        }

        @Test func narrowScreenWrapsTheMessageMore() {
            let alert = retryAlert()
            let size = alert.preferredSize(in: CellSize(width: 26, height: 20))
            #expect(size == CellSize(width: 26, height: 7))
            let harness = WidgetHarness(alert, size: size)
            defer { harness.end() }
            alert.press(.right)
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [
                "┌─ Download failed ──────┐",
                "│ The catalogue could    │",
                "│ not be read: line 3,   │",
                "│ unexpected ']'.        │",
                "│                        │",
                "│ [ Retry ]  [ Cancel ]  │",
                "└────────────────────────┘",
            ])
            #expect(snapshot.lines[5] == "│ [ Retry ]  [ Cancel ]  │")
            #expect(snapshot.attributeLines[5] == "1            RRRRRRRRRR  1")
        }

        @Test func wideCharactersWrapWithoutSplitting() {
            // The size is measured before any screen exists: the widths need
            // the locale now, not from whichever test ran first.
            useUTF8Locale()
            let alert = AlertWidget(title: "📱 エラー", message: "漢字テキストの読み込みに失敗しました",
                                    buttons: [AlertButton("OK")])
            let size = alert.preferredSize(in: CellSize(width: 20, height: 10))
            #expect(size == CellSize(width: 20, height: 7))
            let harness = WidgetHarness(alert, size: size)
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "┌─ 📱 エラー ──────┐",
                "│ 漢字テキストの読 │",
                "│ み込みに失敗しま │",
                "│ した             │",
                "│                  │",
                "│      [ OK ]      │",
                "└──────────────────┘",
            ])
        }

        @Test func rightThenEnterChoosesTheSecondButton() {
            let alert = retryAlert()
            var chosen: [Int] = []
            alert.onChoose = { chosen.append($0) }
            alert.press(.right, .right, .enter)
            alert.press(.backTab, .enter)
            alert.press(.tab, .left, .left, .enter)
            #expect(chosen == [1, 0, 0])
        }

        @Test func escChoosesTheCancelButtonAndIsAlwaysConsumed() {
            let alert = retryAlert()
            var chosen: [Int] = []
            alert.onChoose = { chosen.append($0) }
            #expect(alert.press(.escape) == [true])
            #expect(chosen == [1])
            let plain = AlertWidget(title: "Saved", message: "Done.", buttons: [AlertButton("OK")])
            plain.onChoose = { _ in Issue.record("Esc must not choose without a cancel button") }
            #expect(plain.press(.escape, .character("x")) == [true, false])
        }
    }
}
