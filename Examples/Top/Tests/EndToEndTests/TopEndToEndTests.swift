import Foundation
import ShojiEndToEnd
import Testing

/// `top` on the real /proc in a terminal of its own (a private tmux server,
/// 120x40, UTF-8). The pane shows `EXIT:<status>` after the app ends.
@Suite(.serialized)
struct TopEndToEndTests {
    private static var binary: String { ProcessInfo.processInfo.environment["TOP_BIN"] ?? BuiltProduct.path(named: "top") }

    private static func quote(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

    @Test func findsAProcessOpensItsDetailAndEndsItWithTERM() throws {
        let marker = "\(900_000 + Int.random(in: 0..<99_999))"
        // sleep sleeps the sum of its arguments: the marker is one more. Spawned
        // with every signal at its default (the test runner's mask would
        // otherwise be inherited, and TERM ignored); killed when released.
        let sleeper = try BackgroundProcess("/bin/sleep", ["1000", marker])
        let pid = sleeper.pid
        let terminal = try TmuxTerminal(width: 120, height: 40)
        try terminal.run("clear; \(Self.quote(Self.binary)); echo EXIT:$?")
        try terminal.waitFor(text: "PID USER")
        try terminal.press(keys: ["/"])
        try terminal.type(marker)
        try terminal.press(keys: ["Enter"])
        let filtered = try terminal.waitFor { $0.contains { $0.contains("sleep 1000 \(marker)") } }
        #expect(filtered.contains { $0.contains("\(pid)") })
        try terminal.press(keys: ["Enter"])
        try terminal.waitFor(text: "Open files")
        try terminal.press(keys: ["k"])
        try terminal.waitFor(text: "Send a signal to \(pid) (sleep)")
        try terminal.press(keys: ["Enter"])
        try terminal.waitFor(text: "Send TERM to \(pid) (sleep)?")
        try terminal.press(keys: ["Left", "Enter"])
        #expect(withExtendedLifetime(sleeper) { Self.reap(pid) } == SIGTERM)
        try terminal.waitFor(text: "This process has ended.")
        try terminal.press(keys: ["q"])
        try terminal.waitFor(text: "EXIT:0")
    }

    /// Waits up to 10 s for `pid` (a child) to end; the signal that ended it, if any.
    private static func reap(_ pid: pid_t) -> Int32? {
        var status: Int32 = 0
        for _ in 0..<500 {
            if waitpid(pid, &status, WNOHANG) == pid { return (status & 0x7F) == 0 ? nil : status & 0x7F }
            usleep(20_000)
        }
        return nil
    }

    @Test func aBadDelayExits64WithOneLine() throws {
        let result = try Subprocess.run(Self.binary, ["--delay", "abc"])
        #expect(result.status == 64)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.hasPrefix("top: --delay"))
    }

    @Test func helpSaysUsageTop() throws {
        let result = try Subprocess.run(Self.binary, ["--help"])
        #expect(result.status == 0 && result.standardOutput.contains("USAGE: top"))
    }
}
