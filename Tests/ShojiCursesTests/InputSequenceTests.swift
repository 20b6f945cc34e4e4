import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Bracketed paste and the kitty keyboard protocol's key reports, from
    /// the bytes a terminal sends, through ncurses on a headless screen.
    @Suite @MainActor struct InputSequenceTests {
        private func keys(for parts: [String]) -> [TerminalKey] {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5),
                                                 capabilities: TerminalCapabilities(kittyKeyboard: true))
            defer { screen.end() }
            var keys: [TerminalKey] = []
            for part in parts {
                screen.feed(part)
                keys += screen.pendingKeys()
            }
            return keys
        }

        private func keys(for bytes: String) -> [TerminalKey] { keys(for: [bytes]) }

        @Test func modifiedArrowsNcursesDoesNotKnowStillDecode() {
            #expect(InputSequences.key(parameters: "1;5", final: "D") == .controlLeft)
            #expect(InputSequences.key(parameters: "1;5", final: "C") == .controlRight)
            #expect(InputSequences.key(parameters: "1;2", final: "C") == .unknown(InputSequences.unknownSequence))
        }

        @Test func escapeReportedByTheKittyProtocolIsEscapeAtOnce() {
            #expect(keys(for: "\u{1B}[27u") == [.escape])
            #expect(keys(for: "\u{1B}[27;1u\u{1B}[27u") == [.escape, .escape])
        }

        @Test func controlLettersAndModifiedKeys() {
            #expect(keys(for: "\u{1B}[99;5u\u{1B}[112;5u\u{1B}[92;5u") == [.control("c"), .control("p"), .control("\\")])
            #expect(keys(for: "\u{1B}[9;2u\u{1B}[13u\u{1B}[127u") == [.backTab, .enter, .backspace])
            // Shifted, with the protocol's alternate-key fields.
            #expect(keys(for: "\u{1B}[97:65;2u") == [.character("a")])
        }

        @Test func keypadKeysAreThePlainKeys() {
            #expect(keys(for: "\u{1B}[57414u\u{1B}[57400u\u{1B}[57420u\u{1B}[57413u")
                == [.enter, .character("1"), .down, .character("+")])
        }

        @Test func unknownSequencesAreSwallowedNeverABurstOfLetters() {
            // Alt-x, and a late answer to the start-up probe (DA1).
            let decoded = keys(for: "\u{1B}[120;3u\u{1B}[?62;22c")
            #expect(decoded == [.unknown(InputSequences.unknownSequence), .unknown(InputSequences.unknownSequence)])
        }

        @Test func legacyKeysStillDecode() {
            #expect(keys(for: "j\u{1B}[B\u{1B}OA\r") == [.character("j"), .down, .up, .enter])
        }

        @Test func aPasteIsOneEventWithItsLineBreaks() {
            #expect(keys(for: "\u{1B}[200~hello q/j\rsecond line\u{1B}[201~x")
                == [.paste("hello q/j\nsecond line"), .character("x")])
        }

        @Test func aPasteSplitAcrossReadsIsStillOneEvent() {
            let parts = ["\u{1B}[200~first ", "half, ", "second half\u{1B}[201~"]
            #expect(keys(for: parts) == [.paste("first half, second half")])
        }

        @Test func aPasteLargerThanTheLimitIsOneEventCutToIt() throws {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            // 34 reads of 32 KiB (a pipe holds 64 KiB): 1 MiB and 64 KiB in all.
            let chunk = String(repeating: "abcdefg\n", count: 4_096)
            screen.feed("\u{1B}[200~")
            var keys = screen.pendingKeys()
            for _ in 0..<34 {
                screen.feed(chunk)
                keys += screen.pendingKeys()
            }
            #expect(keys.isEmpty, "nothing before the end marker")
            screen.feed("\u{1B}[201~x")
            keys += screen.pendingKeys()
            #expect(keys.count == 2, "one paste event, then the key typed after it")
            guard case .paste(let text) = try #require(keys.first) else {
                Issue.record("not a paste: \(keys.first.map(String.init(describing:)) ?? "nothing")")
                return
            }
            #expect(text.utf8.count == TerminalKey.largestPaste, "kept up to the limit, the rest dropped")
            #expect(text == String(repeating: "abcdefg\n", count: TerminalKey.largestPaste / 8))
            #expect(screen.inputSequences.lastPasteWasCut)
            #expect(keys.last == .character("x"))
            // The next paste starts afresh.
            screen.feed("\u{1B}[200~small\u{1B}[201~")
            #expect(screen.pendingKeys() == [.paste("small")])
            #expect(!screen.inputSequences.lastPasteWasCut)
        }

        @Test func markersSplitBetweenReadsStillDelimitThePaste() {
            // The end marker cut by the end of a read: the paste ends, and the
            // key after it is a key, not text of the paste.
            #expect(keys(for: ["\u{1B}[200~abc\u{1B}[20", "1~x"]) == [.paste("abc"), .character("x")])
            #expect(keys(for: ["\u{1B}[200~abc\u{1B}", "[201~x"]) == [.paste("abc"), .character("x")])
            // The start marker cut: what follows is a paste, never typed keys.
            #expect(keys(for: ["\u{1B}[20", "0~q/j\u{1B}[201~"]) == [.paste("q/j")])
        }

        @Test func anEscapeSequenceInsideAPasteIsTextNotAKey() {
            // Only its Esc is dropped: the pasted text never acts as keys.
            #expect(keys(for: "\u{1B}[200~a\u{1B}[31mb\u{1B}[201~") == [.paste("a[31mb")])
        }

        @Test func anEmptyPasteIsAnEmptyEvent() {
            #expect(keys(for: "\u{1B}[200~\u{1B}[201~") == [.paste("")])
        }
    }
}
