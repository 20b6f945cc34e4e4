import Foundation
import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// `runInForeground` on a headless screen: the program's status or
    /// signal comes back, its arguments arrive exactly as given, and the
    /// screen is drawn again afterwards. (The terminal hand-over is tested
    /// end to end, with a real vi and less, in the Files example.)
    @Suite @MainActor struct ForegroundProgramTests {
        private func loop() -> TerminalEventLoop {
            TerminalEventLoop(screen: TerminalScreen.headless(size: CellSize(width: 40, height: 12)))
        }

        private func temporaryFile() -> String {
            NSTemporaryDirectory() + "foreground-\(UUID().uuidString)"
        }

        @Test func theExitStatusComesBack() throws {
            let loop = loop()
            defer { loop.screen.end() }
            #expect(try loop.runInForeground(ExternalProgram(["sh", "-c", "exit 3"])) == .exited(3))
            #expect(try loop.runInForeground(ExternalProgram(["true"])).succeeded)
        }

        @Test func theSignalThatEndedItComesBack() throws {
            let loop = loop()
            defer { loop.screen.end() }
            let exit = try loop.runInForeground(ExternalProgram(["sh", "-c", "kill -TERM $$"]))
            #expect(exit == .signalled(SIGTERM))
            #expect(exit.description == "ended by signal 15 (SIGTERM)")
            #expect(exit.shellStatus == 143)
        }

        @Test func argumentsArriveWholeWithSpacesDashesAndNonUTF8Bytes() throws {
            let loop = loop()
            defer { loop.screen.end() }
            let output = temporaryFile()
            defer { unlink(output) }
            let odd: [UInt8] = [0x2D, 0x2D, 0x20, 0xFF, 0x27, 0x22, 0x24, 0x28, 0x78, 0x29]  // -- \xff'"$(x)
            let program = ExternalProgram(argumentBytes: [Array("sh".utf8), Array("-c".utf8),
                                                          Array("printf '%s|' \"$@\" > \"$0\"".utf8), Array(output.utf8),
                                                          Array("-rf".utf8), Array("two words".utf8), odd])
            #expect(try loop.runInForeground(program) == .exited(0))
            let written = try #require(FileManager.default.contents(atPath: output))
            #expect(Array(written) == Array("-rf|two words|".utf8) + odd + [0x7C])
        }

        @Test func theChildHasTheAppsEnvironmentAndNoOtherDescriptors() throws {
            let loop = loop()
            defer { loop.screen.end() }
            let output = temporaryFile()
            defer { unlink(output) }
            let script = "printf '%s\\n' \"$HOME\" > \"$0\"; ls /proc/self/fd 2>/dev/null | wc -l >> \"$0\""
            #expect(try loop.runInForeground(ExternalProgram(["sh", "-c", script, output])) == .exited(0))
            let lines = String(decoding: try #require(FileManager.default.contents(atPath: output)), as: UTF8.self)
                .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.first == ProcessInfo.processInfo.environment["HOME"])
            #if os(Linux)
            // 0, 1, 2, the output file (3) and the one `ls` opens for /proc/self/fd.
            #expect(Int(lines.last ?? "") ?? 99 <= 5)
            #endif
        }

        @Test func aMissingProgramIsAnErrorAndTheScreenComesBack() {
            let loop = loop()
            defer { loop.screen.end() }
            let before = loop.screen.renderCount
            #expect(throws: ProgramError(program: "no-such-program-here", code: ENOENT)) {
                try loop.runInForeground(ExternalProgram(["no-such-program-here", "x"]))
            }
            #expect(ProgramError(program: "x", code: ENOENT).description == "cannot run 'x': No such file or directory")
            #expect(loop.screen.renderCount > before)
            #expect(!loop.screen.isEnded)
        }

        @Test func theScreenIsDrawnWholeAgainAfterwards() throws {
            let loop = loop()
            defer { loop.screen.end() }
            var drawn = 0
            let panel = loop.screen.makePanel { CellRect(size: $0) }
            panel.draw = { _ in drawn += 1 }
            loop.screen.render()
            let before = (drawn, panel.drawCounts.full)
            try loop.runInForeground(ExternalProgram(["true"]))
            #expect(drawn == before.0 + 1)
            #expect(panel.drawCounts.full == before.1 + 1)
            _ = panel
        }
    }

    /// How a command setting (`$EDITOR`, `$PAGER`) becomes a program.
    @Suite struct ExternalProgramTests {
        @Test func theEditorIsVisualThenEditorThenVi() {
            let file = Array("/tmp/a b.txt".utf8)
            #expect(ExternalProgram.editor(opening: file, environment: ["VISUAL": "nvim", "EDITOR": "nano"])
                .description == "nvim /tmp/a b.txt")
            #expect(ExternalProgram.editor(opening: file, environment: ["VISUAL": " ", "EDITOR": "code --wait"])
                .arguments == [Array("code".utf8), Array("--wait".utf8), file])
            #expect(ExternalProgram.editor(opening: file, environment: [:]).arguments == [Array("vi".utf8), file])
        }

        @Test func thePagerIsPagerThenLess() {
            let file = Array("/x".utf8)
            #expect(ExternalProgram.pager(opening: file, environment: ["PAGER": "more -d"]).description == "more -d /x")
            #expect(ExternalProgram.pager(opening: file, environment: ["PAGER": ""]).description == "less /x")
        }

        @Test func aRelativeFileCannotBeTakenForAnOption() {
            #expect(ExternalProgram(command: "vi", opening: Array("-rf".utf8))?.description == "vi ./-rf")
            #expect(ExternalProgram(command: "  ", opening: Array("/x".utf8)) == nil)
            #expect(ExternalProgram.safeFileArgument(Array("--help".utf8)) == Array("./--help".utf8))
            #expect(ExternalProgram.safeFileArgument(Array("/a".utf8)) == Array("/a".utf8))
        }
    }
}
