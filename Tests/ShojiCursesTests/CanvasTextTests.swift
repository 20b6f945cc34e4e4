import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// `Canvas.text` draws printable ASCII straight from its bytes; whatever
    /// the text, what lands on screen must be what `DisplayText.clip` decides.
    @Suite @MainActor struct CanvasTextTests {
        @Test func asciiAndOtherTextAreCutExactlyAsClipSays() {
            let screen = TerminalScreen.headless(size: CellSize(width: 16, height: 1))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            // A mark right after the tenth character joins it: "ten plus a
            // mark" fits in 10 columns, though it has more than 10 bytes.
            let texts = ["", "a", "Aster 12 Pro", "exactly 10", "a longer title than fits", "tab\there",
                         "été Pro", "漢字 wide", "~ {ok} ~", "exactly 10\u{301}", "exactly 1\u{301}0",
                         "0123456789abcdefé", String(repeating: "long ", count: 20_000),
                         // Lone symbols take their own path; these must come out as clip says too.
                         "demo › List › Item", "↑/k up  ↓/j down", "x›\u{301}y", "››", "★ fav", "⌚ watch",
                         "…end", "a\u{2764}\u{FE0F}b", "€5 – ok", "«quoted»", "¡hola!"]
            for text in texts {
                for width in [-1, 0, 1, 2, 9, 10, 11, 16] {
                    for ellipsis in [true, false] {
                        var used = -1
                        panel.draw = { canvas in
                            used = canvas.text(text, at: CellPoint(x: 0, y: 0), width: width, ellipsis: ellipsis)
                        }
                        let shown = screen.snapshot().lines[0]
                        let expected = DisplayText.clip(text, to: width, ellipsis: ellipsis)
                        let label = "\(text) in \(width), ellipsis \(ellipsis)"
                        var drawn = DisplayText.string(from: expected)
                        while drawn.last == " " { drawn.removeLast() }  // snapshot lines end at the last non-blank
                        #expect(shown == drawn, "\(label)")
                        #expect(used == expected.reduce(0) { $0 + $1.width }, "\(label)")
                    }
                }
            }
        }

        /// A run of ASCII goes into curses in one call (`cn_put_ascii`):
        /// its cells keep the run's style, and the halves of wide
        /// characters it cuts are blanked, as writing a cell at a time did.
        @Test func anASCIIRunOverWideCharactersBlanksTheHalvesItCuts() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 1))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                _ = canvas.text("漢字x", at: CellPoint(x: 0, y: 0))
                _ = canvas.text("ab", at: CellPoint(x: 1, y: 0), style: Style(foreground: .yellow, attributes: .bold))
            }
            let snapshot = screen.snapshot()
            #expect(snapshot.lines[0] == " ab x")
            let cells = snapshot.rows[0]
            #expect(cells.map(\.text).prefix(5) == [" ", "a", "b", " ", "x"])
            #expect(cells[1].attributes == .bold && cells[2].attributes == .bold)
            #expect(cells[1].foreground == cells[2].foreground && cells[1].foreground != cells[4].foreground)
            #expect(cells[0].attributes.isEmpty && cells[3].attributes.isEmpty, "the blanked halves take no style")
        }

        @Test func printableASCIIIsRecognisedInThePrefixAsked() {
            #expect(DisplayText.startsWithPrintableASCII("Aster 12 ~", count: 10))
            #expect(DisplayText.startsWithPrintableASCII("", count: 0))
            #expect(!DisplayText.startsWithPrintableASCII("tab\t", count: 4))
            #expect(DisplayText.startsWithPrintableASCII("tab\t", count: 3))
            #expect(!DisplayText.startsWithPrintableASCII("del\u{7F}", count: 4))
            #expect(!DisplayText.startsWithPrintableASCII("é", count: 1))
            #expect(!DisplayText.startsWithPrintableASCII("short", count: 6))
        }

        @Test func printableASCIIIsRecognisedInTheWholeText() {
            #expect(DisplayText.isPrintableASCII(""))
            #expect(DisplayText.isPrintableASCII(" ~Aster 12"))
            for outside in ["\u{1F}", "\u{7F}", "é", "\t", "\n", "\0"] {
                #expect(!DisplayText.isPrintableASCII("a" + outside + "b"), "\(outside.unicodeScalars.first!.value)")
            }
            // Tabs and newlines only when asked; other controls never.
            #expect(DisplayText.isPrintableASCII("a\tb\nc", allowingTabsAndNewlines: true))
            #expect(!DisplayText.isPrintableASCII("a\rb", allowingTabsAndNewlines: true))
            #expect(!DisplayText.isPrintableASCII("a\u{7F}", allowingTabsAndNewlines: true))
            #expect(!DisplayText.isPrintableASCII("é\n", allowingTabsAndNewlines: true))
        }
    }
}
