import Foundation
import ShojiTools
import Testing

/// `Tool.run()`: real programs through /bin/sh, the output whole.
@Suite struct ToolRunTests {
    @Test func collectsStandardOutputWhole() async throws {
        let output = try await Tool(["/bin/sh", "-c", "printf 'one\\ntwo\\n'; echo warning >&2"]).run()
        #expect(output.text == "one\ntwo\n")
        #expect(output.lines == ["one", "two"])
        #expect(output.standardError == "warning\n")
    }

    @Test func collectsTenMebibytes() async throws {
        let output = try await Tool(["/bin/sh", "-c", "head -c 10485760 /dev/zero"]).run()
        #expect(output.standardOutput.count == 10 << 20)
    }

    @Test func anOutputPastTheLimitFailsSayingSo() async throws {
        let tool = Tool(["/bin/sh", "-c", "head -c 300000 /dev/zero"], outputLimit: 100_000)
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.reason == .outputLimitPassed(100_000))
        #expect(error?.description.contains("more than 100000 bytes") == true)
    }

    @Test func aFailedExitCarriesStatusCommandLineAndStandardError() async throws {
        let tool = Tool(["/bin/sh", "-c", "echo first >&2; echo 'fatal: not a git repository' >&2; exit 3"])
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.reason == .failed(.exited(3)))
        #expect(error?.exit == .exited(3))
        #expect(error?.commandLine == "/bin/sh -c 'echo first >&2; echo '\\''fatal: not a git repository'\\'' >&2; exit 3'")
        #expect(error?.standardError == "first\nfatal: not a git repository\n")
        #expect(error?.description.hasSuffix("exited with status 3: fatal: not a git repository") == true)
    }

    @Test func standardErrorKeepsItsLastFourKibibytes() async throws {
        let tool = Tool(["/bin/sh", "-c", "head -c 100000 /dev/zero | tr '\\0' a >&2; echo >&2; echo last >&2; exit 1"])
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.standardError.utf8.count == ToolError.standardErrorTail)
        #expect(error?.standardError.hasSuffix("aaa\nlast\n") == true)
    }

    @Test func aSignalThatEndsTheProgramIsTheError() async throws {
        let error = await #expect(throws: ToolError.self) { try await Tool(["/bin/sh", "-c", "kill -9 $$"]).run() }
        #expect(error?.reason == .failed(.signalled(9)))
    }

    @Test func aMissingCommandSaysWhatAndHowToFix() async throws {
        let tool = Tool(["shoji-no-such-tool", "--version"], environment: ["PATH": "/nonexistent"])
        let error = await #expect(throws: ToolError.self) { try await tool.run() }
        #expect(error?.reason == .notFound)
        let message = try #require(error?.description)
        #expect(message.hasPrefix("shoji-no-such-tool: command not found in PATH ("))
        #expect(message.hasSuffix("): install it or give its full path"))
        #expect(!message.contains("\n"))
    }

    @Test func aMissingPathSaysSo() async throws {
        let error = await #expect(throws: ToolError.self) { try await Tool(["/nonexistent/tool"]).run() }
        #expect(error?.description == "/nonexistent/tool: no such program: check its path")
    }

    @Test func runsInTheDirectoryWithTheEnvironmentAdded() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tool = Tool(["/bin/sh", "-c", "pwd -P; echo \"$SHOJI_TOOL_TEST\"; test -n \"$PATH\" && echo path"],
                        directory: directory.path, environment: ["SHOJI_TOOL_TEST": "added"])
        let lines = try await tool.run().lines
        #expect(lines == [directory.resolvingSymlinksInPath().path, "added", "path"])
    }

    @Test func aMissingDirectoryFailsBeforeStarting() async throws {
        let error = await #expect(throws: ToolError.self) {
            try await Tool(["/bin/true"], directory: "/nonexistent/dir").run()
        }
        #expect(error?.reason == .noSuchDirectory("/nonexistent/dir"))
    }

    @Test func standardInputFromBytesOrNothing() async throws {
        let big = [UInt8](repeating: 65, count: 1 << 20) + Array("\nend\n".utf8)
        let echoed = try await Tool(["/bin/sh", "-c", "cat"], input: big).run()
        #expect(echoed.standardOutput == big)
        let empty = try await Tool(["/bin/sh", "-c", "cat"]).run()
        #expect(empty.standardOutput.isEmpty)
    }

    @Test func inputTheProgramDoesNotReadIsNoError() async throws {
        let output = try await Tool(["/bin/sh", "-c", "echo done"], input: [UInt8](repeating: 1, count: 1 << 20)).run()
        #expect(output.text == "done\n")
    }
}
