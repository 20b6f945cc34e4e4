import Foundation
import ShojiEndToEnd
import Testing

/// The real binary on a terminal that speaks the kitty keyboard protocol
/// (`Scripts/kitty_terminal.py`, a pty that answers the start-up probe as
/// kitty does): the protocol and bracketed paste are switched on, Esc acts
/// at once, Ctrl-C still ends the app with 130, and every way out switches
/// both modes off again, so the shell is not left in them.
@Suite(.serialized)
struct KittyKeyboardTests {
    private struct Run: Decodable {
        let status: Int32
        let output: String
        let esc_ms: Double?
    }

    private static let script = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scripts/kitty_terminal.py").path

    private func run(_ scenario: String, plain: Bool = false) throws -> Run {
        let result = try Subprocess.run("/usr/bin/env", ["python3", Self.script, CatalogBinary.path, scenario]
            + (plain ? ["--plain"] : []))
        #expect(result.status == 0, "\(result.standardError)")
        return try JSONDecoder().decode(Run.self, from: Data(result.standardOutput.utf8))
    }

    private let push = "\u{1B}[>1u", pop = "\u{1B}[<u"
    private let pasteOn = "\u{1B}[?2004h", pasteOff = "\u{1B}[?2004l"

    /// `text` occurs in `output`, and after the last occurrence of `before`.
    private func comesAfter(_ text: String, _ before: String, in output: String) -> Bool {
        guard let last = output.range(of: before, options: .backwards), let found = output.range(of: text, options: .backwards)
        else { return false }
        return found.lowerBound >= last.upperBound
    }

    @Test func escActsAtOnceAndQuittingSwitchesTheModesOff() throws {
        let run = try run("quit")
        #expect(run.status == 0)
        #expect(run.output.contains(push), "the protocol was pushed")
        #expect(run.output.contains(pasteOn))
        #expect(run.output.contains("\u{1B}[?2026h"), "frames wrapped in synchronized output")
        // One sample can be slow on a busy machine; with the 25 ms escape
        // delay every sample is, so the fastest of up to three decides.
        var esc = try #require(run.esc_ms)
        for _ in 0..<2 where esc >= 10 { esc = min(esc, try #require(try self.run("quit").esc_ms)) }
        #expect(esc < 10, "Esc without the 25 ms escape delay: \(esc) ms")
        #expect(comesAfter(pop, push, in: run.output), "popped on the way out")
        #expect(comesAfter(pasteOff, pasteOn, in: run.output))
    }

    @Test func ctrlCReportedAsAKeyStillEndsTheAppWith130() throws {
        let run = try run("ctrl-c")
        #expect(run.status == 130)
        #expect(comesAfter(pop, push, in: run.output))
        #expect(comesAfter(pasteOff, pasteOn, in: run.output))
    }

    @Test func sigtermSwitchesTheModesOff() throws {
        let run = try run("sigterm")
        #expect(run.status == 143)
        #expect(comesAfter(pop, push, in: run.output))
        #expect(comesAfter(pasteOff, pasteOn, in: run.output))
    }

    @Test func aCrashSwitchesTheModesOff() throws {
        let run = try run("crash")
        #expect(run.status < 0, "killed by the crash's signal (Python reports it negative): \(run.status)")
        #expect(comesAfter(pop, push, in: run.output), "the crash handler popped the protocol")
        #expect(comesAfter(pasteOff, pasteOn, in: run.output))
    }

    @Test func aTerminalWithoutTheProtocolIsNeverSwitchedIntoIt() throws {
        let run = try run("quit", plain: true)
        #expect(run.status == 0)
        #expect(!run.output.contains(push))
        #expect(!run.output.contains(pop))
        #expect(!run.output.contains("\u{1B}[?2026h"), "no synchronized output where the terminal did not say it has it")
        #expect(run.output.contains(pasteOn), "bracketed paste is asked of every terminal")
    }
}
