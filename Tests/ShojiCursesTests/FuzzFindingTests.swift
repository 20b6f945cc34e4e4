import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Inputs `make fuzz-parsers` (Fuzz/Targets/keys) found, kept as
    /// regression tests.
    @Suite @MainActor struct FuzzFindingTests {
        /// The empty input: a headless screen made at ncurses' start-up size
        /// (80x24 for xterm-256color, no LINES or COLUMNS set) reads one
        /// `.resize` before any byte was fed. Not from `resize(to:)` (no size
        /// change, and no `ungetch` ran: checked under gdb); at any other
        /// size the one KEY_RESIZE is the screen's own and is dropped.
        /// Harmless to the event loop (a resize re-reads the size); open.
        @Test func aNewHeadlessScreenReadsNoKeyBeforeAnyByte() {
            let screen = TerminalScreen.headless(size: CellSize(width: 80, height: 24))
            defer { screen.end() }
            withKnownIssue("a stray .resize on the first read at the start-up size") {
                #expect(screen.pendingKeys() == [])
            }
        }

        /// From the seed `text-utf8` with FF FF FF FF spliced in: ncurses'
        /// `wget_wch` answers an invalid UTF-8 sequence with ERR (read as "no
        /// key") and swallows the complete keys that follow it (here the
        /// space, the emoji, Enter and Tab). Open: decoding UTF-8 from the
        /// bytes ourselves, instead of through `wget_wch`, would keep them.
        @Test func keysAfterInvalidUTF8AreKept() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            screen.feed(bytes: Array("hé".utf8) + [0xFF, 0xFF, 0xFF, 0xFF] + Array(" 😀\r\t\u{7F}".utf8))
            var keys: [TerminalKey] = []
            for _ in 0..<20 { keys += screen.pendingKeys() }
            #expect(Array(keys.prefix(2)) == [.character("h"), .character("é")])
            #expect(keys.last == .backspace)
            withKnownIssue("ncurses drops the keys after an invalid UTF-8 sequence") {
                #expect(keys.suffix(4) == [.character(" "), .character("😀"), .enter, .tab, .backspace].suffix(4))
                #expect(keys.contains(.enter))
            }
        }
    }
}
