import Foundation
import ShojiEndToEnd
import Testing

/// The real binary in a real terminal: it draws, takes keys, and whatever
/// ends it, leaves the terminal as it found it.
@Suite(.serialized)
struct TerminalRestoreTests {
    /// Starts the app from the shell, recording the terminal modes before and
    /// after and the exit status, and waits for its first screen.
    private func launch(_ terminal: TmuxTerminal, environment: String = "") throws {
        try terminal.run(recordingModes("\(environment) \(CatalogBinary.guestCommand)"))
        try terminal.waitFor(text: "51 items")
    }

    /// `command` between two `stty -g`, then its status, then `modes=same`
    /// if the modes after are those before.
    private func recordingModes(_ command: String) -> String {
        let modes = "\(CatalogBinary.dataDirectory)/modes$$"
        return "stty -g > \(modes).before; \(command); echo \"exit=$?\"; stty -g > \(modes).after; "
            + "cmp -s \(modes).before \(modes).after && echo modes=same"
    }

    /// After the app ended: its status, the shell back, the alternate screen
    /// left, the cursor visible and the tty modes as before.
    private func expectRestored(_ terminal: TmuxTerminal, status: Int) throws {
        var screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        screen = try terminal.waitFor { $0.last { !$0.isEmpty } == "$" }
        #expect(screen.contains("exit=\(status)"))
        #expect(screen.contains("modes=same"))
        #expect(screen.last { !$0.isEmpty } == "$")
        #expect(try terminal.paneValue("#{alternate_on}") == "0")
        #expect(try terminal.paneValue("#{cursor_flag}") == "1")
    }

    @Test func drawsTakesKeysAndQuitsCleanly() throws {
        let terminal = try TmuxTerminal(width: 80, height: 24)
        try launch(terminal)
        #expect(try terminal.paneValue("#{alternate_on}") == "1")
        var screen = try terminal.screen()
        #expect(screen[0] == " catalog › Home")
        try terminal.press("Enter")
        try terminal.waitFor(text: "iPhone 3GS")
        try terminal.press("Down", "Down", "Enter")
        // The header can be drawn a moment before the body on a loaded machine: wait for both.
        screen = try terminal.waitFor { $0.contains { $0.contains("› iPhone 3GS") } && $0.contains { $0.hasPrefix("Chip") } }
        #expect(screen[0].hasSuffix("› iPhone 3GS"))
        try terminal.press("Escape")
        screen = try terminal.waitFor { $0.first == " catalog › Home › List" }
        try terminal.press("q")
        try expectRestored(terminal, status: 0)
    }

    @Test func followsAResizeOfTheTerminal() throws {
        let terminal = try TmuxTerminal(width: 80, height: 24)
        try launch(terminal)
        try terminal.resize(width: 60, height: 12)
        let screen = try terminal.waitFor { $0.count >= 12 && $0[11].contains("q quit") }
        #expect(screen[0] == " catalog › Home")
        try terminal.press("q")
        try expectRestored(terminal, status: 0)
    }

    @Test(arguments: [("TERM", 15, 143), ("HUP", 1, 129), ("INT", 2, 130), ("QUIT", 3, 131)])
    func restoresTheTerminalOnSignal(name: String, number: Int32, status: Int) throws {
        let terminal = try TmuxTerminal()
        try launch(terminal)
        let pid = try #require(try terminal.foregroundPid())
        kill(pid, number)
        try expectRestored(terminal, status: status)
    }

    @Test func controlCQuitsWithStatus130() throws {
        let terminal = try TmuxTerminal()
        try launch(terminal)
        try terminal.press("C-c")
        try expectRestored(terminal, status: 130)
    }

    @Test func suspendAndResumeBringTheScreenBack() throws {
        let terminal = try TmuxTerminal()
        // Alone on its command line: job control stops a whole list.
        try terminal.run(CatalogBinary.guestCommand)
        try terminal.waitFor(text: "51 items")
        try terminal.press("Enter")
        // The tty flushes unread input on Ctrl-Z, so let the key land first.
        try terminal.waitFor(text: "iPhone 3GS")
        try terminal.press("C-z")
        try terminal.waitFor { $0.contains { $0.contains("Stopped") } }
        #expect(try terminal.paneValue("#{alternate_on}") == "0")
        #expect(try terminal.paneValue("#{cursor_flag}") == "1")
        try terminal.run("fg")
        let screen = try terminal.waitFor(text: "iPhone 3GS")
        #expect(screen[0] == " catalog › Home › List")
        #expect(try terminal.paneValue("#{alternate_on}") == "1")
        try terminal.press("q")
        // Keys typed before the app has exited would go to the app: wait for the shell.
        try terminal.waitFor { $0.last { !$0.isEmpty } == "$" }
        try terminal.run("echo \"exit=$?\"")
        try terminal.waitFor(text: "exit=0")
        #expect(try terminal.paneValue("#{alternate_on}") == "0")
    }

    @Test func aCrashStillRestoresTheTerminal() throws {
        let terminal = try TmuxTerminal()
        try terminal.run(recordingModes("\(CatalogBinary.guestCommand) --crash-after-first-paint 2>/dev/null"))
        let screen = try terminal.waitFor(timeout: 20) { $0.contains("modes=same") }
        #expect(!screen.contains("exit=0"))
        #expect(screen.contains { $0.wholeMatch(of: /exit=\d+/) != nil })
        #expect(try terminal.paneValue("#{alternate_on}") == "0")
        #expect(try terminal.paneValue("#{cursor_flag}") == "1")
    }
}
