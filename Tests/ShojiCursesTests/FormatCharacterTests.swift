import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Invisible format characters in text the app did not write (a file
    /// name, a title) are drawn as a visible mark, as controls are drawn as
    /// pictures: `rtl\u{202E}gnp.exe` must not read as `rtlexe.png`.
    @Suite @MainActor struct FormatCharacterTests {
        init() { TerminalScreen.headless(size: CellSize(width: 10, height: 2)).end() }

        static let invisible: [Unicode.Scalar] = [
            "\u{202A}", "\u{202B}", "\u{202C}", "\u{202D}", "\u{202E}",  // embeddings and overrides
            "\u{2066}", "\u{2067}", "\u{2068}", "\u{2069}",  // isolates
            "\u{200E}", "\u{200F}", "\u{061C}",  // marks
            "\u{200B}", "\u{2060}", "\u{FEFF}", "\u{00AD}",  // zero-width space, word joiner, BOM, soft hyphen
        ]

        @Test func eachIsOneVisibleMark() {
            for scalar in Self.invisible {
                let text = "a" + String(scalar) + "b"
                let cells = DisplayText.cells(text)
                #expect(cells.map(\.scalars) == [["a"], ["\u{2426}"], ["b"]], "U+\(String(scalar.value, radix: 16))")
                #expect(DisplayText.width(of: text) == 3)
            }
        }

        @Test func aReversedFileNameShowsItsOverride() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 1))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in canvas.text("rtl\u{202E}gnp.exe", at: .zero) }
            #expect(screen.snapshot().lines == ["rtl␦gnp.exe"])
        }

        @Test func theJoinersOfEmojiAndScriptsStay() {
            #expect(DisplayText.cells("👩\u{200D}💻").count == 1)
            #expect(DisplayText.width(of: "👩\u{200D}💻") == 2)
            #expect(!DisplayText.cells("a\u{200C}b").contains { $0.scalars.contains("\u{2426}") })
        }

        @Test func anASCIIScreenShowsThemAsQuestionMarks() {
            #expect(DisplayText.asciiFallback("\u{202E}") == "?")
            #expect(DisplayText.asciiFallback("\u{200D}") == "")
        }
    }
}
