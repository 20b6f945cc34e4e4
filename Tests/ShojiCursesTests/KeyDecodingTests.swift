import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Bytes as a terminal sends them (xterm-256color, keypad transmit mode),
    /// decoded by ncurses into `TerminalKey` values on a headless screen.
    @Suite @MainActor struct KeyDecodingTests {
        private func keys(for bytes: String) -> [TerminalKey] {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            screen.feed(bytes)
            return screen.pendingKeys()
        }

        @Test func arrowsInBothCursorModes() {
            #expect(keys(for: "\u{1B}OA\u{1B}OB\u{1B}OC\u{1B}OD") == [.up, .down, .right, .left])
            #expect(keys(for: "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        }

        @Test func enterFromCarriageReturnLineFeedAndKeypad() {
            #expect(keys(for: "\r\n\u{1B}OM") == [.enter, .enter, .enter])
        }

        @Test func backspaceFromDeleteByteControlHAndKeyBackspace() {
            #expect(keys(for: "\u{7F}\u{08}") == [.backspace, .backspace])
        }

        @Test func editingAndPagingKeys() {
            #expect(keys(for: "\u{1B}[3~\t\u{1B}[Z\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[2~")
                == [.delete, .tab, .backTab, .pageUp, .pageDown, .home, .end, .home, .end, .insert])
        }

        @Test func functionKeysOneToTwelve() {
            let bytes = "\u{1B}OP\u{1B}OQ\u{1B}OR\u{1B}OS\u{1B}[15~\u{1B}[17~\u{1B}[18~\u{1B}[19~"
                + "\u{1B}[20~\u{1B}[21~\u{1B}[23~\u{1B}[24~"
            #expect(keys(for: bytes) == (1...12).map { TerminalKey.function($0) })
        }

        @Test func controlLetters() {
            #expect(keys(for: "\u{01}\u{15}\u{17}\u{1A}") == [.control("a"), .control("u"), .control("w"), .control("z")])
        }

        @Test func controlArrowsFromXtermsModifiedSequences() {
            #expect(keys(for: "\u{1B}[1;5D\u{1B}[1;5C") == [.controlLeft, .controlRight])
            #expect(TerminalKey.controlLeft.description == "Ctrl-←")
        }

        @Test func controlUnderscoreIsAKeyNotAnUnknownCode() {
            #expect(keys(for: "\u{1F}") == [.control("_")])
        }

        @Test func multiByteUnicodeArrivesAsOneCharacterEach() {
            #expect(keys(for: "aé漢📱") == [.character("a"), .character("é"), .character("漢"), .character("📱")])
        }

        @Test func loneEscapeAfterTheDelayIsEscape() {
            #expect(keys(for: "\u{1B}") == [.escape])
            #expect(keys(for: "q\u{1B}") == [.character("q"), .escape])
        }

        @Test func namesShownInHints() {
            #expect(TerminalKey.control("u").description == "Ctrl-U")
            #expect(TerminalKey.character(" ").description == "Space")
            #expect(TerminalKey.function(5).description == "F5")
            #expect(TerminalKey.backTab.description == "Shift-Tab")
        }
    }
}
