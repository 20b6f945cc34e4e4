import Foundation
import ShojiTesting
import Testing

/// The real `notes` binary in a tmux terminal of the test's own: nothing the
/// user wrote is lost without a question. Esc on an edited sheet asks, and
/// Keep editing goes on where the text was; a quit after a failed save asks,
/// Retry fails again while the folder cannot be written, and succeeds (and
/// quits) once it can.
@Suite(.serialized)
struct NotesPromptEndToEndTests {
    private func makeDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("notes-prompt-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        try Data(#"{"notes": [{"id": 1, "title": "Plan", "body": "first line"}]}"#.utf8)
            .write(to: URL(fileURLWithPath: path + "/notes.json"))
        return path
    }

    @Test func editEscThePromptKeepEditing() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory); echo exit=$?")
        try terminal.waitFor(text: "Plan")
        try terminal.press("e")
        try terminal.waitFor(text: "Edit note")
        try terminal.press("Tab")
        try terminal.type(" and a second thought")
        try terminal.press("Escape")
        var screen = try terminal.waitFor(text: "Discard changes?")
        #expect(screen.joined().contains("Keep editing"))
        try terminal.press("Enter")  // Keep editing has the focus
        try terminal.waitFor { !$0.joined().contains("Discard changes?") }
        // Still in the body, the text as it was: Ctrl-W takes the last word back.
        try terminal.press("C-w")
        try terminal.type("idea")
        screen = try terminal.waitFor(text: "first line and a second idea")
        try terminal.press("C-s")
        try terminal.waitFor { !$0.joined().contains("Edit note") }
        let saved = try String(contentsOfFile: directory + "/notes.json", encoding: .utf8)
        #expect(saved.contains(#""body" : "first line and a second idea""#), "\(saved)")
        try terminal.press("q")
        screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"), "everything saved: q quits at once")
    }

    /// A folder that cannot be written: a directory where the save's
    /// temporary file goes (`.notes.json.<pid>.tmp`), which stops root as
    /// well as anyone (a read-only folder would not stop root).
    @Test func aFailedSaveQThePromptRetry() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory); echo exit=$?")
        try terminal.waitFor(text: "Plan")
        let pid = try #require(try terminal.foregroundPid())
        let blocker = directory + "/.notes.json.\(pid).tmp"
        try FileManager.default.createDirectory(atPath: blocker, withIntermediateDirectories: false)
        try terminal.writeANoteWhoseSaveFails("Unsaved thought")
        try terminal.press("q")
        var screen = try terminal.waitFor(text: "Save as")
        #expect(screen.joined().contains("Retry") && screen.joined().contains("Discard"))
        try terminal.press("Escape")  // Cancel: back to the notes
        try terminal.waitFor { !$0.joined().contains("Save as") }
        #expect(try terminal.screen().joined().contains("Unsaved thought"))
        try terminal.press("q")
        try terminal.waitFor(text: "Save as")
        try terminal.press("Enter")  // Retry: still failing, asked again with the error
        screen = try terminal.waitFor(text: "saved: Is a")
        #expect(screen.joined().contains("Save as"))
        try FileManager.default.removeItem(atPath: blocker)
        try terminal.press("Enter")  // Retry: saved, and the app quits
        screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        let saved = try String(contentsOfFile: directory + "/notes.json", encoding: .utf8)
        #expect(saved.contains("Unsaved thought"))
    }
}

extension TmuxTerminal {
    /// `n`, `title`, Ctrl-S on a notes app whose save fails: waits for the
    /// "Notes not saved" alert and closes it, the note left in the app only.
    func writeANoteWhoseSaveFails(_ title: String) throws {
        try press("n")
        try waitFor(text: "New note")
        try type(title)
        try press("C-s")
        try waitFor(text: "Notes not saved")
        try press("Enter")
        try waitFor { !$0.joined().contains("Notes not saved") }
    }
}
