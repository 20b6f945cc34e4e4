import Foundation
import ShojiEndToEnd
import ShojiTools
import Testing

/// Runs that do not end by themselves: the timeout, cancellation, the app's
/// exit; whatever ends them, no child is left a zombie or an orphan.
@Suite struct ToolEndingTests {
    @Test func theTimeoutEndsTheRunAndReapsIt() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        let tool = Tool(["/bin/sh", "-c", "echo $$ >&2; exec sleep 60"], timeout: .milliseconds(300))
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.reason == .timedOut(.milliseconds(300)))
        #expect(clock.now - started < .seconds(5))
        let pid = try #require(Int32(error?.standardError.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!ToolProcesses.exists(pid))
        #expect(!ToolProcesses.isChild(pid))
    }

    @Test func cancellingTheTaskEndsTheRunAndReapsIt() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)").path
        defer { unlink(file) }
        let task = Task {
            try await Tool(["/bin/sh", "-c", "echo $$ > \(file); exec sleep 60"]).run()
        }
        let pid = try await ToolProcesses.waitForPid(in: file)
        #expect(ToolProcesses.exists(pid))
        task.cancel()
        let result = await task.result
        #expect(throws: ToolError.self) { try result.get() }
        #expect((try? result.get()) == nil)
        if case .failure(let error as ToolError) = result { #expect(error.reason == .cancelled) }
        #expect(!ToolProcesses.exists(pid))
        #expect(!ToolProcesses.isChild(pid))
    }

    @Test func aProgramThatIgnoresSIGTERMIsKilledAfterTheGrace() async throws {
        let tool = Tool(["/bin/sh", "-c", "trap '' TERM; echo $$ >&2; while :; do sleep 0.05; done"],
                        timeout: .milliseconds(200), terminationGrace: .milliseconds(300))
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.reason == .timedOut(.milliseconds(200)))
        let pid = try #require(Int32(error?.standardError.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""))
        #expect(!ToolProcesses.exists(pid))
    }

    @Test func noChildIsLeftAfterManyEndedRuns() async throws {
        var pids: [Int32] = []
        for index in 0..<20 {
            let tool = Tool(["/bin/sh", "-c", "echo $$ >&2; exec sleep 60"],
                            timeout: .milliseconds(index % 2 == 0 ? 10 : 50))
            do {
                _ = try await tool.run()
            } catch {
                // A run ended before its shell wrote anything has no number to check.
                if let pid = Int32(error.standardError.trimmingCharacters(in: .whitespacesAndNewlines)) {
                    pids.append(pid)
                }
            }
        }
        for _ in 0..<20 {
            var lines = Tool(["/bin/sh", "-c", "echo $$; exec yes"]).lines().makeAsyncIterator()
            pids.append(try #require(Int32(try await lines.next() ?? "")))
            #expect(try await lines.next() == "y")
        }
        #expect(pids.count > 20)
        // Dropping the last iterator ends its run on the run's thread: give
        // it the moment it takes.
        try await ToolProcesses.waitUntil { !pids.contains(where: ToolProcesses.isChild) }
        #expect(pids.filter(ToolProcesses.isChild) == [])
    }

    @Test func runsStillGoingWhenTheAppExitsAreEnded() async throws {
        let app = BuiltProduct.path(named: "ToolQuitProbe")
        let result = try await Subprocess.run(app, [])
        #expect(result.status == 0)
        let pid = try #require(Int32(result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)))
        try await ToolProcesses.waitUntil { !ToolProcesses.exists(pid) }
        #expect(!ToolProcesses.exists(pid))
    }
}

/// This process's children, read from /proc.
enum ToolProcesses {
    /// Whether `pid` is a process that has not ended (a zombie has).
    static func exists(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let state = stat[stat.index(close, offsetBy: 2)]
        return state != "Z" && state != "X"
    }

    /// Whether `pid` is a child of this process, a zombie included.
    static func isChild(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return false }
        let fields = stat[stat.index(close, offsetBy: 2)...].split(separator: " ")
        return fields.count > 1 && Int32(fields[1]) == getpid()
    }

    static func waitForPid(in file: String) async throws -> Int32 {
        for _ in 0..<500 {
            if let text = try? String(contentsOfFile: file, encoding: .utf8),
               let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) { return pid }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw CancellationError()
    }

    static func waitUntil(_ condition: () -> Bool) async throws {
        for _ in 0..<300 where !condition() {
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}
