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

    @Test func aDeepLinkOpensTheChildrenPaneAndRestoreReopensIt() throws {
        // sh with two sleeps under it: a tree of known pids on the real /proc.
        let shell = try BackgroundProcess("/bin/sh", ["-c", "sleep 60 & sleep 60"])
        let sleeps = try #require(Self.children(of: shell.pid, count: 2))
        defer { for pid in sleeps { kill(pid, SIGTERM) } }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("top-e2e-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let top = "XDG_STATE_HOME=\(Self.quote(state)) \(Self.quote(Self.binary))"
        let terminal = try TmuxTerminal(width: 120, height: 40)
        try terminal.run("clear; \(top) --open \(shell.pid)/children/\(sleeps[0]); echo EXIT:$?")
        try terminal.waitFor(text: "Children of \(shell.pid) sh › \(sleeps[0]) sleep")
        try terminal.waitFor(text: "No children")
        // Esc pops inside the pane: the sh's children again, the detail still open.
        try terminal.press(keys: ["Escape"])
        let popped = try terminal.waitFor { $0.contains { $0.contains("Children of \(shell.pid) sh ─") } }
        #expect(popped.contains { $0.contains("\(sleeps[1]) sleep") } && popped.contains { $0.contains("Open files") })
        try terminal.press(keys: ["q"])
        try terminal.waitFor(text: "EXIT:0")
        #expect(try String(contentsOfFile: state + "/top/route", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines) == "\(shell.pid)/children")
        try terminal.run("clear; \(top) --restore; echo EXIT:$?")
        let restored = try terminal.waitFor { $0.contains { $0.contains("Children of \(shell.pid) sh ─") } }
        #expect(restored.contains { $0.contains("\(sleeps[0]) sleep") })
        try terminal.press(keys: ["q"])
        try terminal.waitFor(text: "EXIT:0")
        withExtendedLifetime(shell) {}
    }

    @Test func aDeepLinkToAProcessThatDoesNotRunExits64WithTheForms() throws {
        let result = try Subprocess.run(Self.binary, ["--open", "1/children/2147483647"])
        #expect(result.status == 64)
        #expect(result.standardError.split(separator: "\n").count == 1)
        #expect(result.standardError.contains("no process 2147483647 is running as a child of 1"))
        #expect(result.standardError.contains("valid forms: <pid>, <pid>/children, <pid>/children/<child pid>/…"))
        let malformed = try Subprocess.run(Self.binary, ["--open", "1/kids"])
        #expect(malformed.status == 64 && malformed.standardError.hasPrefix("top: cannot open '1/kids'"))
    }

    /// The pids whose parent is `pid`, once there are `count` of them (5 s at most).
    private static func children(of pid: pid_t, count: Int) -> [pid_t]? {
        for _ in 0..<250 {
            let found = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { name -> pid_t? in
                guard let child = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                      let close = stat.lastIndex(of: ")") else { return nil }
                let fields = stat[stat.index(after: close)...].split(separator: " ")
                return fields.count > 1 && pid_t(fields[1]) == pid ? child : nil
            }
            if found.count >= count { return found.sorted() }
            usleep(20_000)
        }
        return nil
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
