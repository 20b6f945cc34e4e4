import ShojiCore
import Testing

/// Text from outside, made safe for stderr and logs.
@Suite struct ControlCharactersTests {
    @Test func whatWouldDriveATerminalOrSplitALineIsWrittenOut() {
        #expect(ControlCharacters.escaped("a\u{1B}[2Jb\u{07}\r\n\t\u{7F}\u{9B}") == #"a\x1b[2Jb\x07\r\n\t\x7f\x9b"#)
        #expect(ControlCharacters.escaped("x\u{202E}y\u{200B}z\u{2029}") == #"x\u{202e}y\u{200b}z\u{2029}"#)
    }

    @Test func escapesThatWouldDriveATerminalAreWrittenOut() {
        let hostile = "evil\u{1B}]2;PWNED\u{07}\u{1B}[31mRED\nFAKE log line"
        #expect(ControlCharacters.escaped(hostile) == #"evil\x1b]2;PWNED\x07\x1b[31mRED\nFAKE log line"#)
        #expect(ControlCharacters.escaped("\u{9B}31m\u{7F}\r\t\0") == #"\x9b31m\x7f\r\t\x00"#)
    }

    @Test func invisibleCharactersThatReorderOrHideTextAreWrittenOut() {
        #expect(ControlCharacters.escaped("admin\u{202E}moc.live") == #"admin\u{202e}moc.live"#)
        #expect(ControlCharacters.escaped("a\u{200B}b\u{2066}c\u{FEFF}d\u{2028}e\u{AD}f") == #"a\u{200b}b\u{2066}c\u{feff}d\u{2028}e\xadf"#)
    }

    @Test func ordinaryTextIsKeptAsItIs() {
        for text in ["alice@example.com", "xterm-256color", "José Müller", "日本語", "👩‍💻", "a\\x1b (already text)", ""] {
            #expect(ControlCharacters.escaped(text) == text)
        }
    }

    /// A log line keeps a bounded part of what the client sent, and says how long it was.
    @Test func aLoggedTextIsCutWithItsLengthNoted() {
        let long = String(repeating: "é", count: 5000)
        let logged = ControlCharacters.logged(long, limit: 10)
        #expect(logged == String(repeating: "é", count: 10) + "...(10000 bytes)")
        #expect(ControlCharacters.logged("\u{1B}" + String(repeating: "x", count: 300)).hasPrefix(#"\x1bxxx"#))
        #expect(ControlCharacters.logged("alice@example.com") == "alice@example.com")
    }
}
