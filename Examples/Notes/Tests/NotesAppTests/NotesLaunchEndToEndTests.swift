import Foundation
import ShojiTesting
import Testing

/// The real `notes` binary in a tmux terminal of the test's own: the notes
/// load behind a progress screen, a corrupt file still ends the app with
/// one line and status 1, and `--open` naming a note the file lacks is
/// found after the load and fails with status 64.
@Suite(.serialized)
struct NotesLaunchEndToEndTests {
    private func makeDirectory() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test func aLargeFileLoadsBehindAProgressScreen() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // About 40 MB: a debug build takes about 0.2 s to read and decode it.
        let body = String(repeating: "lorem ipsum ", count: 80)
        let notes = (1...40_000).map { #"{"id": \#($0), "title": "Note \#($0)", "body": "\#(body)"}"# }
        try Data(("{\"notes\": [" + notes.joined(separator: ",") + "]}").utf8)
            .write(to: URL(fileURLWithPath: directory + "/notes.json"))
        let terminal = try TmuxTerminal()
        // The session is recorded (`--record`), so the test sees every frame
        // however fast the load is, not only those a poll happens to catch.
        let cast = directory + "/session.cast"
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory) --record \(cast); echo exit=$?")
        try terminal.waitFor(text: "Note 1", timeout: 60)
        try terminal.press("q")
        let screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        let frames = try String(contentsOfFile: cast, encoding: .utf8)
        let progress = try #require(frames.range(of: "Reading notes"), "the progress line was drawn")
        let list = try #require(frames.range(of: "Note 1"))
        #expect(progress.lowerBound < list.lowerBound, "before the notes")
        #expect(frames.contains("40.3 MB"), "the file's size")
    }

    @Test func aCorruptFileEndsWithOneLineAndStatus1() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"notes": [{"id": "one"}]}"#.utf8).write(to: URL(fileURLWithPath: directory + "/notes.json"))
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory) 2>\(directory)/err; echo exit=$?")
        let screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=1"))
        let error = try String(contentsOfFile: directory + "/err", encoding: .utf8)
        #expect(error.hasPrefix("notes: \(directory)/notes.json is not a notes file: line 1, column 19: "), "\(error)")
        #expect(error.hasSuffix("nothing was changed\n") && error.filter { $0 == "\n" }.count == 1, "one line: \(error)")
        let file = try String(contentsOfFile: directory + "/notes.json", encoding: .utf8)
        #expect(file == #"{"notes": [{"id": "one"}]}"#, "the file it refused is left as it was")
        #expect(!error.contains("\u{1B}"), "the terminal was restored on the screen, not into the message")
    }

    @Test func openingANoteTheFileLacksFailsAfterTheLoadWithStatus64() throws {
        let directory = try makeDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Data(#"{"notes": [{"id": 1, "title": "Only", "body": ""}]}"#.utf8)
            .write(to: URL(fileURLWithPath: directory + "/notes.json"))
        let terminal = try TmuxTerminal(width: 300, height: 24)
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory) --open notes/7; echo exit=$?")
        var screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=64"))
        #expect(screen.contains { $0.hasPrefix("notes: cannot open 'notes/7'") }, "\(screen)")
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --data-dir \(directory) --open notes/1")
        screen = try terminal.waitFor(text: "Only")
        try terminal.press("q")
    }
}
