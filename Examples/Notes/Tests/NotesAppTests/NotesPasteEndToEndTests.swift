import Foundation
import ShojiTesting
import Testing

/// The real `notes` binary in a tmux terminal of the test's own: a
/// multi-line text pasted into a note's body (tmux's `paste-buffer -p`
/// sends it in bracketed-paste markers, since notes asks for them) is
/// inserted as text, newlines kept, never run as keys; Ctrl-S saves it to
/// `notes.json` (flow control is off while the app runs), and the note
/// shows it.
@Suite(.serialized)
struct NotesPasteEndToEndTests {
    @Test func aPastedMultilineBodyIsSavedAndShown() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory); echo exit=$?")
        try terminal.waitFor(text: "Groceries 1")
        try terminal.press("n")
        try terminal.waitFor(text: "New note")
        try terminal.type("Pasted")
        try terminal.press("Tab")
        // The Esc inside would close the sheet if it arrived as a key: it
        // arrives inside the paste markers, and a text area drops it.
        try terminal.paste("first line: q\nsecond line: d\n\u{1B}third line")
        var screen = try terminal.waitFor(text: "third line")
        #expect(screen.contains { $0.contains("Body   first line: q") })
        #expect(screen.contains { $0.contains("       second line: d") })
        try terminal.press("C-s")
        try terminal.waitFor { !$0.contains { $0.contains("New note") } }
        let saved = try String(contentsOfFile: directory + "/notes.json", encoding: .utf8)
        #expect(saved.contains(#""body" : "first line: q\nsecond line: d\nthird line""#))
        try terminal.press("End", "Enter")
        screen = try terminal.waitFor(text: "second line: d")
        #expect(screen.contains { $0.hasPrefix("first line: q") })
        #expect(screen.contains { $0.hasPrefix("third line") })
        try terminal.press("q")
        screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        // Ctrl-S reached the app because it turned XON/XOFF off; the shell
        // gets flow control back.
        try terminal.run("stty -a | grep -o -- '-\\?ixon' | sed 's/^/flow=/'")
        screen = try terminal.waitFor { $0.contains { $0.hasPrefix("flow=") } }
        #expect(screen.contains("flow=ixon"))
    }

    /// A file-size limit (RLIMIT_FSIZE, `ulimit -f`) stands in for a full
    /// disk: the save fails with EFBIG instead of the signal killing the
    /// app, the alert says so, and the old file is untouched.
    @Test func aSavePastTheFileSizeLimitIsShownAndLeavesTheOldFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let old = Data(#"{"notes": [{"id": 1, "title": "Old", "body": "kept"}]}"#.utf8)
        try old.write(to: URL(fileURLWithPath: directory + "/notes.json"))
        let terminal = try TmuxTerminal()
        // 1 block: 512 bytes in dash, 1 KiB in bash; the file is far smaller.
        try terminal.run("clear; (ulimit -f 1; exec \(BuiltProduct.path(named: "notes")) --data-dir \(directory)); echo exit=$?")
        try terminal.waitFor(text: "Old")
        try terminal.press("n")
        try terminal.waitFor(text: "New note")
        try terminal.type("Big")
        try terminal.press("Tab")
        try terminal.paste(String(repeating: "0123456789", count: 300))
        try terminal.press("C-s")
        let screen = try terminal.waitFor(text: "Notes not saved")
        #expect(screen.joined().contains("could not be saved: File too"), "EFBIG, said as the system says it")
        #expect(try Data(contentsOf: URL(fileURLWithPath: directory + "/notes.json")) == old)
        try terminal.press("Enter")
        try terminal.waitFor(text: "Big")
        // The note is only in the app: q asks before it is lost.
        try terminal.press("q")
        try terminal.waitFor(text: "Save as")
        try terminal.press("Right", "Right", "Enter")  // Discard
        let end = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(end.contains("exit=0"), "the app was not killed by SIGXFSZ")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory)
        #expect(leftovers == ["notes.json"], "the temporary file is removed")
    }

    @Test func aDataFileThatIsNotNotesFailsWithOneLine() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try Data("not json".utf8).write(to: URL(fileURLWithPath: directory + "/notes.json"))
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory); echo exit=$?")
        let screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=1"))
        #expect(screen.joined().contains("notes: \(directory)/notes.json is not a notes file"))
    }
}
