import Foundation
import ShojiEndToEnd
import Testing

/// `catalog serve --session-template`: each session's app is forked from
/// one template process of the catalog instead of being started afresh.
@Suite(.serialized)
struct SessionTemplateEndToEndTests {
    /// The number after `name=` on the first log line that says `text`.
    private func number(_ name: String, onLineWith text: String, in log: String) -> pid_t? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(text) }),
              let range = line.range(of: "\(name)=\\d+", options: .regularExpression) else { return nil }
        return pid_t(line[range].dropFirst(name.count + 1))
    }

    /// The parent of `pid`, from /proc.
    private func parent(of pid: pid_t) -> pid_t? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return nil }
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) : nil
    }

    /// The threads of `pid`, from /proc.
    private func threads(of pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    /// What each open descriptor of `pid` is, by number.
    private func descriptors(of pid: pid_t) -> [String: String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []
        return Dictionary(uniqueKeysWithValues: names.map {
            ($0, (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/fd/\($0)")) ?? "?")
        })
    }

    @Test func aSessionForkedFromTheTemplateDrawsTakesKeysAndQuitsWithItsStatus() throws {
        let server = try ServedCatalog()
        try server.start(["--session-template"])
        let session = try AppSession(width: 80, height: 24, dataDirectory: server.dataDirectory)
        try session.terminal.run("clear; \(server.ssh(key: "guest")); echo \"exit1=$?\"")
        let screen = try session.openList()
        #expect(screen[2] == AppFlowEndToEndTests.row("iPhone", "2007"))
        let template = try #require(number("pid", onLineWith: "session template started", in: server.log), "\(server.log)")
        let app = try #require(number("pid", onLineWith: "session started", in: server.log), "\(server.log)")
        #expect(parent(of: app) == template, "the session's app was not forked by the template")
        // The template rehearsed the first frames (a headless screen, the
        // app's screens) and kept nothing of them that a fork would share:
        // one thread, and no descriptor but its terminal's, its socket, the
        // signalfd its loop waits on, /dev/null (where headless screens
        // draw) and the frame file (which a forked child closes and makes
        // again at its first frame).
        #expect(threads(of: template) == 1)
        let held = descriptors(of: template).filter { !["0", "1", "2", "3"].contains($0.key) }
        #expect(held.values.contains("anon_inode:[signalfd]"), "\(held)")
        let harmless = ["anon_inode:[signalfd]", "/dev/null", "/memfd:shoji-frame (deleted)"]
        #expect(held.values.allSatisfy { harmless.contains($0) }, "\(held)")
        try session.press("q")
        let ended = try session.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(ended.contains("exit1=0"))
        let deadline = Date().addingTimeInterval(10)
        while !server.log.contains("status=exit 0"), Date() < deadline { usleep(50_000) }
        #expect(server.log.contains("status=exit 0"), "\(server.log)")
        #expect(server.stop() == 0)
        // The server waited for its template before it exited (it reaped it).
        #expect(kill(template, 0) != 0, "the template outlived the server")
    }
}
