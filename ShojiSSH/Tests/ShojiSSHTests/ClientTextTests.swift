@testable import ShojiSSH
import Testing

/// What a client chose reaches a log line or stderr as text, never as
/// something a terminal acts on.
@Suite struct ClientTextTests {
    @Test func escapesThatWouldDriveATerminalAreWrittenOut() {
        let hostile = "evil\u{1B}]2;PWNED\u{07}\u{1B}[31mRED\nFAKE log line"
        #expect(ClientText.escaped(hostile) == #"evil\x1b]2;PWNED\x07\x1b[31mRED\nFAKE log line"#)
        #expect(ClientText.escaped("\u{9B}31m\u{7F}\r\t\0") == #"\x9b31m\x7f\r\t\x00"#)
    }

    @Test func invisibleCharactersThatReorderOrHideTextAreWrittenOut() {
        #expect(ClientText.escaped("admin\u{202E}moc.live") == #"admin\u{202e}moc.live"#)
        #expect(ClientText.escaped("a\u{200B}b\u{2066}c\u{FEFF}d\u{2028}e\u{AD}f") == #"a\u{200b}b\u{2066}c\u{feff}d\u{2028}e\xadf"#)
    }

    @Test func ordinaryTextIsKeptAsItIs() {
        for text in ["alice@example.com", "xterm-256color", "José Müller", "日本語", "👩‍💻", ""] {
            #expect(ClientText.escaped(text) == text)
        }
    }

    /// A log line keeps a bounded part of what the client sent, and says how long it was.
    @Test func aLoggedTextIsCutWithItsLengthNoted() {
        let long = String(repeating: "é", count: 5000)
        let logged = ClientText.logged(long, limit: 10)
        #expect(logged == String(repeating: "é", count: 10) + "...(10000 bytes)")
        #expect(ClientText.logged("\u{1B}" + String(repeating: "x", count: 300)).hasPrefix(#"\x1bxxx"#))
        #expect(ClientText.logged("alice@example.com") == "alice@example.com")
    }
}
