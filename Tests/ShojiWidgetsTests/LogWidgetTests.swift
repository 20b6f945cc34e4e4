import Testing
import ShojiTesting
@testable import ShojiCurses
@testable import ShojiWidgets

/// The log view: compact storage of a million lines, following the tail,
/// staying put while scrolled up, search, the cap, and what it redraws.
extension WidgetsSuite {
    @Suite @MainActor struct LogWidgetTests {
        private func numbered(_ range: Range<Int>) -> [String] { range.map { "line \($0)" } }

        @Test func aMillionLinesAreHeldAsAboutTheirTextAndTheTailShows() {
            useUTF8Locale()
            let log = LogWidget()
            let probe = DamageProbe(log, size: CellSize(width: 80, height: 24), top: 0)
            defer { probe.screen.end() }
            let full = probe.panel.drawCounts.full
            let lines = (0..<1_000_000).map { "2026-11-27T23:40:00Z worker-\($0 % 8) request \($0) served" }
            let text = lines.reduce(0) { $0 + $1.utf8.count }
            log.append(contentsOf: lines)
            #expect(log.lineCount == 1_000_000)
            #expect(log.textBytes == text)
            #expect(log.heldBytes < 2 * text, "held \(log.heldBytes) bytes for \(text) of text")
            let shown = probe.render()
            #expect(probe.panel.drawCounts.full == full, "the rows on screen, not a million lines")
            #expect(probe.panel.lastDrawnRows == Array(0..<24))
            #expect(shown.lines[23] == "2026-11-27T23:40:00Z worker-7 request 999999 served")
            #expect(shown.lines[0] == "2026-11-27T23:40:00Z worker-0 request 999976 served")
            #expect(log.line(at: 0) == "2026-11-27T23:40:00Z worker-0 request 0 served")
        }

        @Test func scrolledUpAnAppendMovesNothingButTheMark() {
            useUTF8Locale()
            let log = LogWidget()
            log.append(contentsOf: numbered(0..<100))
            let probe = DamageProbe(log, size: CellSize(width: 40, height: 10), top: 0)
            defer { probe.screen.end() }
            #expect(log.handle(.up))
            #expect(log.handle(.up))
            #expect(!log.isFollowing)
            let before = probe.render()
            #expect(before.lines[0] == "line 88")
            let partial = probe.panel.drawCounts.partial
            log.append(contentsOf: numbered(100..<150))
            let after = probe.render()
            #expect(probe.panel.drawCounts.partial == partial + 1)
            #expect(probe.panel.lastDrawnRows == [9], "only the mark's row")
            #expect(log.newLineCount == 50)
            #expect(after.lines[0..<9] == before.lines[0..<9])
            #expect(after.lines[9] == "line 97              50 new lines (End)", "a snapshot trims the trailing space")
            log.append("one more")
            #expect(probe.render().lines[9].hasSuffix(" 51 new lines (End)"))
            #expect(log.handle(.end))
            #expect(log.isFollowing)
            let tail = probe.render()
            #expect(tail.lines[9] == "one more")
            #expect(tail.lines[0] == "line 141")
            #expect(tail == probe.fullRedraw())
        }

        @Test func followingAnAppendRedrawsTheRowsThatShowAnotherLine() {
            useUTF8Locale()
            let log = LogWidget()
            log.append(contentsOf: numbered(0..<3))
            let probe = DamageProbe(log, size: CellSize(width: 30, height: 8), top: 2)
            defer { probe.screen.end() }
            log.append("line 3")
            var shown = probe.render()
            #expect(probe.panel.lastDrawnRows == [5], "an empty row filled: panel row 2 + 3")
            #expect(shown.lines[5] == "line 3")
            log.append(contentsOf: numbered(4..<6))
            shown = probe.render()
            #expect(probe.panel.lastDrawnRows == [6, 7], "the page is full now")
            #expect(shown.lines[7] == "line 5")
            log.append("line 6")
            shown = probe.render()
            #expect(probe.panel.lastDrawnRows == [2, 3, 4, 5, 6, 7], "the page moved: every row shows another line")
            #expect(shown.lines[2] == "line 1")
            #expect(shown.lines[7] == "line 6")
            #expect(shown == probe.fullRedraw())
        }

        @Test func scrollingToTheBottomFollowsAgainAndTheWheelScrolls() {
            let log = LogWidget()
            log.append(contentsOf: numbered(0..<50))
            let harness = WidgetHarness(log, size: CellSize(width: 20, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(log.handle(.mouse(MouseEvent(action: .wheelUp, button: .none, position: .zero))))
            #expect(log.firstVisibleLine == 37)
            #expect(!log.isFollowing)
            #expect(log.handle(.home))
            #expect(log.firstVisibleLine == 0)
            #expect(harness.snapshot().lines[0] == "line 0")
            #expect(log.handle(.pageDown))
            #expect(log.handle(.pageDown))
            #expect(log.handle(.pageDown))
            #expect(!log.isFollowing)
            #expect(log.handle(.pageDown))
            #expect(log.isFollowing, "the bottom reached")
        }

        @Test func aCapDropsTheOldestAndKeepsTheViewOnItsLines() {
            useUTF8Locale()
            let log = LogWidget(maximumLines: 1_000)
            log.append(contentsOf: numbered(0..<5_000))
            #expect(log.lineCount == 1_000)
            #expect(log.line(at: 0) == "line 4000")
            let harness = WidgetHarness(log, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            log.scroll(.pageUp)
            #expect(harness.snapshot().lines[0] == "line 4990")
            log.append(contentsOf: numbered(5_000..<5_100))
            #expect(harness.snapshot().lines[0] == "line 4990", "the same lines while they are kept")
            log.append(contentsOf: numbered(5_100..<6_000))
            #expect(harness.snapshot().lines[0] == "line 5000", "its lines dropped: the oldest kept")
        }

        @Test func aCappedLogHoldsAboutItsCapWhateverWasAppended() {
            let log = LogWidget(maximumLines: 1_000)
            for line in numbered(0..<20_000) { log.append(line) }
            #expect(log.lineCount == 1_000)
            #expect(log.line(at: 999) == "line 19999")
            // 1,000 lines of 10 bytes and a start each; up to twice that before a compaction.
            #expect(log.heldBytes < 64 * 1_024, "compacted, not grown with every line ever appended")
        }

        @Test func clearEmptiesTheViewAndFollowsWhatComesNext() {
            useUTF8Locale()
            let log = LogWidget()
            log.append(contentsOf: numbered(0..<30))
            let probe = DamageProbe(log, size: CellSize(width: 40, height: 6), top: 0)
            defer { probe.screen.end() }
            #expect(log.press(.up, .up) == [true, true])
            log.append("line 30")
            #expect(probe.render().lines[5].hasSuffix("1 new line (End)"))
            log.search(for: "line 2")
            log.clear()
            #expect(log.lineCount == 0)
            #expect(log.isFollowing)
            #expect(log.newLineCount == 0)
            #expect(probe.render().lines.allSatisfy { $0.isEmpty }, "every row and the mark are gone")
            log.append(contentsOf: numbered(0..<2))
            var shown = probe.render()
            #expect(probe.panel.lastDrawnRows == [0, 1], "line 0 again is a new line: its row is drawn")
            #expect(shown.lines[0] == "line 0")
            #expect(shown.lines[1] == "line 1")
            #expect(shown == probe.fullRedraw())
            #expect(log.handle(.character("n")))
            shown = probe.render()
            #expect(shown.lines[5].contains("no match: line 2"), "the old lines are not searched")
        }

        @Test func searchFindsTheNewestMatchThenOlderAndNewerOnes() {
            useUTF8Locale()
            let log = LogWidget()
            log.append(contentsOf: (0..<200).map { $0 % 50 == 7 ? "line \($0) ERROR disk full" : "line \($0) ok" })
            let harness = WidgetHarness(log, size: CellSize(width: 30, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(log.handle(.character("/")))
            #expect(log.isEditingText)
            log.type("error")
            let typing = harness.snapshot()
            #expect(typing.lines[9] == "/error")
            #expect(log.cursorPosition == CellPoint(x: 6, y: 9))
            #expect(log.handle(.enter))
            #expect(!log.isEditingText)
            var shown = harness.snapshot()
            #expect(shown.lines.contains("line 157 ERROR disk full"), "the newest match")
            #expect(log.handle(.character("n")))
            shown = harness.snapshot()
            #expect(shown.lines.contains("line 107 ERROR disk full"))
            #expect(!log.isFollowing)
            log.press(.character("n"), .character("n"))
            #expect(harness.snapshot().lines.contains("line 7 ERROR disk full"))
            #expect(log.handle(.character("n")))
            #expect(harness.snapshot().lines[9].hasSuffix(" no match: error"))
            #expect(log.handle(.character("N")))
            #expect(harness.snapshot().lines.contains("line 57 ERROR disk full"))
            #expect(log.handle(.escape))
            #expect(log.bindings.allSatisfy { $0.keys != [.character("n")] })
        }

        @Test func theSearchFieldTakesPrintableKeys() {
            let log = LogWidget()
            log.append("quit jumps")
            log.openSearch()
            for key in "qjG/n".map({ TerminalKey.character($0) }) { #expect(log.handle(key)) }
            #expect(log.search.editor.text == "qjG/n")
            #expect(log.handle(.escape))
            #expect(!log.isEditingText)
            #expect(log.search.query == nil)
        }

        @Test func controlCharactersAreDrawnAsPicturesAndBreaksSplitLines() {
            useUTF8Locale()
            let log = LogWidget()
            log.append("red \u{1B}[31malert\u{07}")
            log.append("first\r\nsecond\nthird\n")
            log.append("")
            #expect(log.lineCount == 5)
            let harness = WidgetHarness(log, size: CellSize(width: 30, height: 5))
            defer { harness.end() }
            let shown = harness.snapshot()
            #expect(shown.lines[0] == "red ␛[31malert␇")
            #expect(shown.lines[1...4] == ["first", "second", "third", ""])
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func aLogScrolledUpWithASearch(size: CellSize) async {
            await withScreenHarness(size: size, title: "top") { harness in
                let log = LogWidget()
                log.append(contentsOf: (0..<300).map {
                    "2026-11-27 23:\(10 + $0 / 60):\(String(format: "%02d", $0 % 60)) " +
                        ($0 % 13 == 0 ? "WARN cache miss for key \($0)" : "INFO request \($0) served in \($0 % 17) ms")
                })
                let view = StackedWidgetsView([(log, size.height)])
                harness.router.setRoot(view)
                harness.render()
                log.search(for: "warn")
                for _ in 0..<3 { log.findMatch(step: -1) }  // older warnings: scrolled up
                log.append(contentsOf: ["late line 1", "late line 2"])
                harness.render()
                harness.expectSnapshot("log-\(size.width)x\(size.height)")
            }
        }
    }
}
