import Testing
@testable import ShojiCurses

/// What a terminal's answers to the start-up questions say.
@Suite struct TerminalProbeTests {
    private func parse(_ text: String) -> (TerminalCapabilities, Bool) {
        let (capabilities, complete) = TerminalProbe.parse(Array(text.utf8))
        return (capabilities, complete)
    }

    @Test func kittyAnswersAllThree() {
        let (capabilities, complete) = parse("\u{1B}[?0u\u{1B}[?2026;2$y\u{1B}[?62;22;52c")
        #expect(complete)
        #expect(capabilities == TerminalCapabilities(kittyKeyboard: true, synchronizedOutput: true))
    }

    /// Mode 2027: where the terminal segments grapheme clusters, the screen
    /// switches it on, so clusters are drawn at the model's widths.
    @Test func graphemeClustersWhereTheModeIsKnown() {
        #expect(TerminalProbe.query.contains("\u{1B}[?2027$p"))
        #expect(parse("\u{1B}[?2027;2$y\u{1B}[?1;2c").0.graphemeClusters)
        #expect(parse("\u{1B}[?2027;1$y\u{1B}[?1;2c").0.graphemeClusters)
        #expect(parse("\u{1B}[?2027;3$y\u{1B}[?1;2c").0.graphemeClusters)
        #expect(!parse("\u{1B}[?2027;0$y\u{1B}[?1;2c").0.graphemeClusters)
        #expect(!parse("\u{1B}[?2027;4$y\u{1B}[?1;2c").0.graphemeClusters)
        #expect(!parse("\u{1B}[?2026;2$y\u{1B}[?1;2c").0.graphemeClusters, "2026 is another mode")
    }

    @Test func aPlainTerminalAnswersOnlyDeviceAttributes() {
        let (capabilities, complete) = parse("\u{1B}[?1;2c")
        #expect(complete)
        #expect(capabilities == .none)
    }

    @Test func synchronizedOutputUnknownOrPermanentlyOffIsNotSupported() {
        #expect(parse("\u{1B}[?2026;0$y\u{1B}[?1;2c").0.synchronizedOutput == false)
        #expect(parse("\u{1B}[?2026;4$y\u{1B}[?1;2c").0.synchronizedOutput == false)
        #expect(parse("\u{1B}[?2026;1$y\u{1B}[?1;2c").0.synchronizedOutput)
    }

    @Test func partialAnswersAreIncompleteAndGarbageIsIgnored() {
        let (partial, complete) = parse("\u{1B}[?0u\u{1B}[?2026;2")
        #expect(!complete)
        #expect(partial.kittyKeyboard)
        let (garbage, done) = parse("jk\u{1B}[A\u{1B}OB\u{1B}[?1;2c")
        #expect(done)
        #expect(garbage == .none)
    }

    @Test func nothingAnsweredIsNothingSupported() {
        #expect(parse("").0 == .none)
        #expect(!parse("").1)
    }

    @Test func theEnvironmentCanTurnTheProbeOff() {
        #expect(TerminalProbe.isAllowed(environment: [:]))
        #expect(!TerminalProbe.isAllowed(environment: ["SHOJI_TERMINAL_PROBE": "0"]))
    }
}
