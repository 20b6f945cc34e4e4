import Foundation
import ShojiTesting
import Testing

/// `--record FILE`, which every app on the kit's launch options gets: the
/// session as an asciinema v2 cast, checked line by line as a player reads it.
@Suite(.serialized)
struct RecordingTests {
    @Test func aRecordedSessionIsAnAsciinemaCastOfEveryFrameAndResize() throws {
        let cast = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).cast").path
        defer { try? FileManager.default.removeItem(atPath: cast) }
        let terminal = try TmuxTerminal()
        try terminal.run("clear; TERM=xterm-256color XDG_STATE_HOME=$(mktemp -d) \(BuiltProduct.path(named: "notes")) --record \(cast); echo exit=$?")
        _ = try terminal.waitFor(timeout: 20) { $0.first?.hasPrefix(" notes › Notes") == true }
        try terminal.press("j")
        try terminal.resize(width: 100, height: 30)
        _ = try terminal.waitFor { $0.contains { $0.hasPrefix("Idea 27 ") } }
        try terminal.press("q")
        let screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=0"))

        let lines = try String(contentsOfFile: cast, encoding: .utf8).split(separator: "\n")
        let header = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 80)
        #expect(header["height"] as? Int == 24)
        #expect((header["env"] as? [String: String])?["TERM"] == "xterm-256color")
        #expect(header["title"] as? String == "notes")

        let events = try lines.dropFirst().map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], "\(line)")
        }
        let times = events.compactMap { $0.first as? Double }
        #expect(times.count == events.count)
        #expect(times == times.sorted(), "event times never go back")
        let output = events.filter { $0[1] as? String == "o" }.compactMap { $0[2] as? String }.joined()
        #expect(events.contains { $0[1] as? String == "r" && $0[2] as? String == "100x30" })
        #expect(output.contains("Groceries 1"), "the frames carry what the screen showed")
        #expect(output.contains("\u{1B}["), "escape sequences are kept (escaped in JSON, decoded here)")
        #expect(events.filter { $0[1] as? String == "o" }.count >= 3, "first paint, Down, the repaint after the resize")
    }

    @Test func aFileThatCannotBeWrittenIsOneClearLineAndARestoredTerminal() throws {
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(BuiltProduct.path(named: "notes")) --record /nonexistent/demo.cast; echo exit=$?")
        let screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=1"))
        #expect(screen.contains { $0.hasPrefix("notes: cannot record to '/nonexistent/demo.cast': No such file or directory") })
        #expect(!screen.contains { $0.contains("notes › Notes") }, "the screen was put back as it was")
    }
}
