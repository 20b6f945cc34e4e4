import Foundation
import ShojiTools
import Testing

/// `Tool.lines()`: output streamed line by line, only as far as the reader asks.
@Suite struct ToolLinesTests {
    @Test func streamsLinesAndTheLastWithoutALineFeed() async throws {
        var lines: [String] = []
        for try await line in Tool(["/bin/sh", "-c", "printf 'a\\r\\nb\\n\\nlast'"]).lines() {
            lines.append(line)
        }
        #expect(lines == ["a", "b", "", "last"])
    }

    @Test func aLineArrivesBeforeTheProgramEnds() async throws {
        let clock = ContinuousClock()
        let started = clock.now
        var lines = Tool(["/bin/sh", "-c", "echo first; sleep 5; echo second"], timeout: .seconds(30))
            .lines().makeAsyncIterator()
        #expect(try await lines.next() == "first")
        #expect(clock.now - started < .seconds(4))
    }

    @Test func streamsTenMebibytesOfLines() async throws {
        var count = 0
        var bytes = 0
        for try await line in Tool(["/bin/sh", "-c", "seq 1 2000000 | head -c 10485760"]).lines() {
            count += 1
            bytes += line.utf8.count + 1
        }
        // Each line counted with a line feed: one more when `head` cut the
        // last line short.
        #expect((10_485_760...10_485_761).contains(bytes))
        #expect(count > 1_000_000)
    }

    @Test func theProgramWritesOnlyAsFarAsTheReaderReads() async throws {
        // `seq` would write hundreds of megabytes in the pause below if
        // nothing held it back; the run reads 64 KiB past what the reader
        // took and the pipe holds 64 KiB more, so it stays blocked writing.
        var lines = Tool(["/bin/sh", "-c", "echo $$; exec seq 1 100000000"]).lines().makeAsyncIterator()
        let pid = try #require(Int32(try await lines.next() ?? ""))
        #expect(try await lines.next() == "1")
        try await Task.sleep(for: .milliseconds(300))
        let written = try ToolLinesTests.bytesWritten(by: pid)
        #expect(written < 1 << 20, "seq wrote \(written) bytes")
        #expect(try await lines.next() == "2")
    }

    @Test func aFailedExitThrowsAfterTheLines() async throws {
        var lines: [String] = []
        let error = await #expect(throws: ToolError.self) {
            for try await line in Tool(["/bin/sh", "-c", "echo one; echo two; echo oops >&2; exit 2"]).lines() {
                lines.append(line)
            }
        }
        #expect(lines == ["one", "two"])
        #expect(error?.reason == .failed(.exited(2)))
        #expect(error?.standardError == "oops\n")
    }

    @Test func aLineLongerThanTheLimitEndsTheRun() async throws {
        let tool = Tool(["/bin/sh", "-c", "head -c 1000000 /dev/zero"], outputLimit: 200_000)
        let error = await #expect(throws: ToolError.self) {
            for try await _ in tool.lines() {}
        }
        #expect(error?.reason == .outputLimitPassed(200_000))
    }

    @Test func aMissingCommandThrowsAtTheFirstLine() async throws {
        let error = await #expect(throws: ToolError.self) {
            for try await _ in Tool(["shoji-no-such-tool"], environment: ["PATH": "/nonexistent"]).lines() {}
        }
        #expect(error?.reason == .notFound)
    }

    @Test func cancellingTheReaderEndsTheRun() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)").path
        defer { unlink(file) }
        let task = Task {
            var count = 0
            for try await _ in Tool(["/bin/sh", "-c", "echo $$ > \(file); echo ready; exec sleep 60"]).lines() {
                count += 1
            }
            return count
        }
        let pid = try await ToolProcesses.waitForPid(in: file)
        task.cancel()
        let result = await task.result
        if case .failure(let error as ToolError) = result {
            #expect(error.reason == .cancelled)
        } else {
            Issue.record("expected a cancelled run, got \(result)")
        }
        #expect(!ToolProcesses.exists(pid))
        #expect(!ToolProcesses.isChild(pid))
    }

    /// What `pid` wrote so far, from /proc/PID/io.
    static func bytesWritten(by pid: Int32) throws -> Int {
        let io = try String(contentsOfFile: "/proc/\(pid)/io", encoding: .utf8)
        let line = try #require(io.split(separator: "\n").first { $0.hasPrefix("wchar:") })
        return try #require(Int(line.dropFirst("wchar:".count).trimmingCharacters(in: .whitespaces)))
    }
}
