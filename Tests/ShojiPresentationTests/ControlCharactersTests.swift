import ShojiPresentation
import Testing

/// Text from outside, made safe for stderr and logs.
@Suite struct ControlCharactersTests {
    @Test func whatWouldDriveATerminalOrSplitALineIsWrittenOut() {
        #expect(ControlCharacters.escaped("a\u{1B}[2Jb\u{07}\r\n\t\u{7F}\u{9B}") == #"a\x1b[2Jb\x07\r\n\t\x7f\x9b"#)
        #expect(ControlCharacters.escaped("x\u{202E}y\u{200B}z\u{2029}") == #"x\u{202e}y\u{200b}z\u{2029}"#)
    }

    @Test func ordinaryTextIsKept() {
        for text in ["plain", "José", "日本", "👩‍💻", "a\\x1b (already text)"] {
            #expect(ControlCharacters.escaped(text) == text)
        }
    }
}
