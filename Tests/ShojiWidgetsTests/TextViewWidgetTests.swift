import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

/// The text view (a pager): `less`'s keys, search both ways, wrapping,
/// SGR colours as styles, other sequences shown, and a million lines drawn
/// at the cost of a page.
extension WidgetsSuite {
    @Suite @MainActor struct TextViewWidgetTests {
        private func numbered(_ count: Int) -> String { (0..<count).map { "line \($0)" }.joined(separator: "\n") }

        /// A view of `text` in a 30x10 screen, drawn once.
        private func view(_ text: String, wraps: Bool = false,
                          size: CellSize = CellSize(width: 30, height: 10)) -> (TextViewWidget, WidgetHarness) {
            useUTF8Locale()
            let view = TextViewWidget(text: text, wraps: wraps)
            let harness = WidgetHarness(view, size: size)
            _ = harness.snapshot()
            return (view, harness)
        }

        @Test func lessKeysAndArrowsMoveByLineHalfPagePageAndToTheEnds() {
            let (view, harness) = view(numbered(100))
            defer { harness.end() }
            let steps: [(TerminalKey, Int)] = [
                (.character("j"), 1), (.down, 2), (.character("k"), 1), (.up, 0), (.up, 0),
                (.character(" "), 10), (.pageDown, 20), (.character("f"), 30), (.character("b"), 20), (.pageUp, 10),
                (.control("d"), 15), (.control("u"), 10),
                (.character("G"), 90), (.character("j"), 90), (.character("g"), 0), (.end, 90), (.home, 0),
            ]
            for (key, top) in steps {
                #expect(view.handle(key), "\(key)")
                #expect(view.firstVisibleLine == top, "\(key)")
                #expect(harness.snapshot().lines[0] == "line \(top)", "\(key)")
            }
            #expect(harness.snapshot().lines[9] == "line 9")
        }

        @Test func theWheelScrollsThreeRows() {
            let (view, harness) = view(numbered(100))
            defer { harness.end() }
            #expect(view.handle(.mouse(MouseEvent(action: .wheelDown, position: CellPoint(x: 1, y: 1)))))
            #expect(view.firstVisibleLine == 3)
            #expect(view.handle(.mouse(MouseEvent(action: .wheelUp, position: CellPoint(x: 1, y: 1)))))
            #expect(view.firstVisibleLine == 0)
        }

        @Test func longLinesAreCutOrWrappedAndWToggles() {
            let text = "short\n" + String(repeating: "abcdefghij", count: 5) + "\n\tend"
            let (view, harness) = view(text, size: CellSize(width: 20, height: 3))
            defer { harness.end() }
            var lines = harness.snapshot().lines
            #expect(lines == ["short", "abcdefghijabcdefghi…", "        end"], "cut; a tab reaches the next stop")
            #expect(view.handle(.character("w")))
            #expect(view.wraps)
            lines = harness.snapshot().lines
            #expect(lines == ["short", "abcdefghijabcdefghij", "abcdefghijabcdefghij"])
            #expect(view.handle(.character("j")))
            #expect(view.topPosition == TextViewPosition(line: 1, row: 0))
            #expect(view.handle(.character("j")))
            #expect(view.topPosition == TextViewPosition(line: 1, row: 1), "a line down is a row of a wrapped line")
            #expect(harness.snapshot().lines == ["abcdefghijabcdefghij", "abcdefghij", "        end"])
            #expect(view.handle(.character("j")))
            #expect(view.topPosition == TextViewPosition(line: 1, row: 1), "the last page's top")
            view.press(.character("g"))
            #expect(view.handle(.character("G")))
            #expect(view.topPosition == TextViewPosition(line: 1, row: 1), "G: the last three rows")
            #expect(view.handle(.character("w")))
            #expect(!view.wraps)
            lines = harness.snapshot().lines
            #expect(view.topPosition == TextViewPosition(line: 0, row: 0), "three lines fit three rows")
            #expect(lines[1] == "abcdefghijabcdefghi…")
        }

        @Test func aWideCharacterIsNeverSplitByWrapping() {
            let (_, harness) = view("abc漢字", wraps: true, size: CellSize(width: 4, height: 3))
            defer { harness.end() }
            let lines = harness.snapshot().lines
            #expect(lines[0] == "abc")
            #expect(lines[1] == "漢字")
        }

        @Test func searchForwardFindsHighlightsAndGoesRoundTheEnd() {
            let text = (0..<50).map { $0 % 20 == 7 ? "an apple and an Apple \($0)" : "line \($0)" }.joined(separator: "\n")
            let (view, harness) = view(text)
            defer { harness.end() }
            #expect(view.handle(.character("/")))
            #expect(view.isEditingText)
            view.type("apple")
            var shown = harness.snapshot()
            #expect(shown.lines[9] == "/apple")
            #expect(view.handle(.enter))
            #expect(!view.isEditingText)
            shown = harness.snapshot()
            #expect(view.firstVisibleLine == 0, "line 7 is on the page: no scroll")
            let row = 7
            let current = shown.rows[row][3], other = shown.rows[row][16], plain = shown.rows[row][0]
            #expect(current.attributes.contains(.reverse), "the match shown in the selection's style")
            #expect(other.attributes == [.bold, .underline], "every other match on the page highlighted")
            #expect(plain.attributes.isEmpty)
            #expect(view.handle(.character("n")))
            shown = harness.snapshot()
            #expect(shown.rows[row][16].attributes.contains(.reverse), "the next match on the same line")
            #expect(view.handle(.character("n")))
            #expect(view.firstVisibleLine == 27, "the next match's line goes to the top")
            #expect(view.handle(.character("N")))
            #expect(view.firstVisibleLine == 7, "N goes back")
            for _ in 0..<4 { view.press(.character("n")) }
            #expect(view.firstVisibleLine == 40, "the last match: the bottom page")
            #expect(view.handle(.character("n")))
            #expect(view.firstVisibleLine == 7, "round the end to the first match")
            shown = harness.snapshot()
            #expect(shown.lines[9].hasSuffix(" continued at the top"))
            #expect(shown.rows[0][3].attributes.contains(.reverse))
        }

        @Test func searchBackwardGoesUpAndNReversesIt() {
            let text = (0..<50).map { $0 % 20 == 7 ? "match \($0)" : "line \($0)" }.joined(separator: "\n")
            let (view, harness) = view(text)
            defer { harness.end() }
            view.press(.character("G"))
            #expect(view.handle(.character("?")))
            view.type("match")
            #expect(harness.snapshot().lines[9] == "?match")
            view.press(.enter)
            #expect(view.firstVisibleLine == 40, "match 47 is on the page")
            #expect(view.handle(.character("n")))
            #expect(view.firstVisibleLine == 27, "n goes on upward")
            #expect(view.handle(.character("N")))
            #expect(view.firstVisibleLine == 40, "N goes down")
            view.press(.character("n"))
            view.press(.character("n"))
            #expect(view.firstVisibleLine == 7)
            view.press(.character("n"))
            #expect(view.firstVisibleLine == 40, "round the top to the last match")
            #expect(harness.snapshot().lines[9].hasSuffix(" continued at the bottom"))
        }

        @Test func noMatchIsSaidAndEscCancelsOrClears() {
            let (view, harness) = view(numbered(30))
            defer { harness.end() }
            view.press(.character("/"))
            view.type("zebra")
            view.press(.enter)
            #expect(harness.snapshot().lines[9].hasSuffix("no match: zebra"))
            view.press(.character("/"))
            view.type("line 2")
            #expect(view.handle(.escape))
            #expect(!view.isEditingText)
            #expect(!harness.snapshot().lines[9].contains("/line"), "Esc closes the field without searching")
            view.press(.character("/"))
            view.type("line 2")
            view.press(.enter)
            #expect(view.bindings.contains { $0.label == "next match" })
            #expect(harness.snapshot().rows[2][0].attributes.contains(.reverse))
            #expect(view.handle(.escape))
            #expect(!view.bindings.contains { $0.label == "next match" })
            #expect(harness.snapshot().rows[2][0].attributes.isEmpty, "no highlight after Esc")
        }

        @Test func theQueryFieldIsCapped() {
            let (view, harness) = view(numbered(3))
            defer { harness.end() }
            view.press(.character("/"))
            #expect(view.handle(.paste(String(repeating: "x", count: 300))))
            #expect(view.search.editor.text.count == ListWidget.defaultFilterLength)
        }

        @Test func theBindingsReachTheFooterAndHelp() {
            let (view, harness) = view(numbered(3))
            defer { harness.end() }
            let footer = view.bindings.filter(\.showsInFooter).map(\.label)
            #expect(footer == ["search", "wrap"])
            let help = view.bindings.map(\.keyNames)
            for key in ["j", "k", "b", "g", "G", "/", "?", "w"] {
                #expect(help.contains { $0.split(separator: "/").contains(Substring(key)) || $0 == key }, "\(key)")
            }
            view.press(.character("/"))
            #expect(view.bindings.map(\.label) == ["find", "cancel"])
        }

        @Test func sgrColoursAreShownAsStyles() {
            let text = "\u{1B}[1mbold\u{1B}[0m \u{1B}[31mred\u{1B}[39m \u{1B}[38;5;208mo\u{1B}[m \u{1B}[92;44mb\u{1B}[0m x"
            let (view, harness) = view(text)
            defer { harness.end() }
            let shown = harness.snapshot()
            #expect(shown.lines[0] == "bold red o b x")
            #expect(view.line(at: 0) == "bold red o b x")
            let row = shown.rows[0]
            #expect(row[0].attributes == .bold)
            #expect(row[4].attributes.isEmpty, "0 resets")
            #expect(row[5].foreground == 1, "31: red")
            #expect(row[8].foreground == -1, "39: the default again")
            #expect(row[9].foreground == 208, "38;5;208")
            #expect(row[11].foreground == 10, "92: bright green")
            #expect(row[11].background == 4, "44: blue")
            #expect(row[13].foreground == -1 && row[13].background == -1)
        }

        @Test func sgrParsingCoversTheCodesToolsWrite() {
            useUTF8Locale()
            let runs = SGRText.runs("\u{1B}[1;4mA\u{1B}[22mB\u{1B}[7;3mC\u{1B}[27;23;24mD\u{1B}[2mE\u{1B}[38;2;255;0;0mF\u{1B}[48;5;3mG\u{1B}[49;39mH",
                                    base: .plain)
            #expect(runs == [
                TextRun("A", Style(attributes: [.bold, .underline])),
                TextRun("B", Style(attributes: .underline)),
                TextRun("C", Style(attributes: [.underline, .reverse, .italic])),
                TextRun("D", .plain),
                TextRun("E", .dim),
                TextRun("F", Style(foreground: .indexed(196, fallback: .red), attributes: .dim)),
                TextRun("G", Style(foreground: .indexed(196, fallback: .red), background: .yellow, attributes: .dim)),
                TextRun("H", .dim),
            ])
            #expect(SGRText.runs("no escapes", base: .bold) == [TextRun("no escapes", .bold)])
        }

        @Test func otherControlSequencesAreShownNotObeyed() {
            let text = "a\u{1B}[2Jb\u{1B}]0;title\u{07}c\u{1B}[5Ad\u{9B}31me\u{1B}"
            let (view, harness) = view(text, size: CellSize(width: 40, height: 3))
            defer { harness.end() }
            let shown = harness.snapshot()
            #expect(shown.lines[0] == "a␛[2Jb␛]0;title␇c␛[5Ad\u{FFFD}31me␛")
            #expect(view.line(at: 0).hasPrefix("a\u{1B}[2Jb"))
        }

        @Test func aMillionLinesDrawAndReachTheBottomAtThePagesCost() {
            let text = (0..<1_000_000).map { "\u{1B}[32m+\u{1B}[m line \($0) " + String(repeating: "x", count: $0 % 70) }
                .joined(separator: "\n")
            let (view, harness) = view(text, wraps: true, size: CellSize(width: 40, height: 24))
            defer { harness.end() }
            #expect(view.lineCount == 1_000_000)
            #expect(view.linesStyled <= 2 * 24, "drawing styles the lines on screen: \(view.linesStyled)")
            let before = view.linesStyled
            #expect(view.handle(.character("G")))
            let shown = harness.snapshot()
            #expect(view.linesStyled - before <= 4 * 24, "the bottom wraps only the last page's lines: \(view.linesStyled - before)")
            #expect(shown.lines[23].hasPrefix("x"), "line 999999 ends with its wrapped x's")
            #expect(shown.contains("+ line 999999 "))
            #expect(view.topPosition.line > 999_970)
        }

        @Test func appendedPiecesContinueTheLastLine() {
            let (view, harness) = view("")
            defer { harness.end() }
            #expect(view.lineCount == 0)
            view.append("par")
            view.append("tial\n\u{1B}[3")
            view.append("1mred\u{1B}[0m\nlast")
            #expect(view.lineCount == 3)
            let shown = harness.snapshot()
            #expect(shown.lines[0..<3] == ["partial", "red", "last"])
            #expect(shown.rows[1][0].foreground == 1, "an SGR sequence cut in two still styles")
            view.setText("new")
            #expect(view.lineCount == 1)
            #expect(harness.snapshot().lines[0] == "new")
        }
    }
}
