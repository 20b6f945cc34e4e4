import Foundation
import ShojiEndToEnd
import Testing

/// Environments that cannot host the UI fail before the screen starts with
/// one line naming the problem and the fix, and exit status 2.
@Suite(.serialized)
struct StartupErrorTests {
    /// Runs the app in a tmux terminal with `setup` before it and returns
    /// the screen once it has exited.
    private func runInTerminal(_ setup: String, width: Int = 80, height: Int = 24) throws -> [String] {
        let terminal = try TmuxTerminal(width: width, height: height)
        try terminal.run("\(setup) \(CatalogBinary.guestCommand); echo \"exit=$?\"")
        return try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
    }

    @Test func inputNotATerminal() throws {
        let result = try Subprocess.run(CatalogBinary.path, ["--data-dir", CatalogBinary.dataDirectory])
        #expect(result.status == 2)
        #expect(result.standardError == "catalog: standard input is not a terminal: run this in a terminal window (or over `ssh -t`)\n")
        #expect(result.standardOutput.isEmpty)
    }

    /// A command-line mistake, in the app or in `serve`, is one line on
    /// stderr and status 64, before anything else is checked.
    @Test func anUnknownOptionIsOneLineAndStatus64() throws {
        let unknown = try Subprocess.run(CatalogBinary.path, ["--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.standardError == "catalog: Unknown option '--bogus' (see 'catalog --help')\n")
        let badPort = try Subprocess.run(CatalogBinary.path, ["serve", "--port", "x"])
        #expect(badPort.status == 64)
        #expect(badPort.standardError.split(separator: "\n").count == 1)
        #expect(badPort.standardError.contains("'x' is invalid for '--port <port>'"))
    }

    @Test func outputRedirectedToAFile() throws {
        let redirected = try TmuxTerminal()
        try redirected.run("\(CatalogBinary.guestCommand) > /dev/null; echo \"exit=$?\"")
        let lines = try redirected.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(lines.contains { $0.contains("catalog: standard output is not a terminal") })
        #expect(lines.contains("exit=2"))
    }

    @Test func termUnset() throws {
        let screen = try runInTerminal("env -u TERM")
        #expect(screen.contains { $0.contains("catalog: TERM is not set: set it to your terminal type") })
        #expect(screen.contains("exit=2"))
    }

    @Test func termUnknown() throws {
        let screen = try runInTerminal("TERM=no-such-terminal")
        #expect(screen.contains { $0.contains("unknown terminal type 'no-such-terminal' (TERM)") })
        #expect(screen.contains("exit=2"))
    }

    @Test func termDumb() throws {
        let screen = try runInTerminal("TERM=dumb")
        #expect(screen.contains { $0.contains("terminal type 'dumb' cannot move the cursor") })
        #expect(screen.contains("exit=2"))
    }

    @Test func terminalTooSmallAtStart() throws {
        let screen = try runInTerminal("", width: 30, height: 8)
        // The message wraps at 30 columns.
        #expect(screen.joined().contains("catalog: terminal too small: 30x8, need at least 40x12; enlarge the window"))
        #expect(screen.contains("exit=2"))
    }
}
