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

        @Test func anEmptyPasteIsAnEmptyEvent() {
            #expect(keys(for: "\u{1B}[200~\u{1B}[201~") == [.paste("")])
        }
    }
}
