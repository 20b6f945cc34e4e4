import Foundation
import ShojiEndToEnd
import Testing

/// A file opened in a real `vi` and `less` on the app's own terminal: the
/// program gets the terminal (the app's modes off, Ctrl-C its own), and
/// when it ends the app is back as it was, redrawn, the listing read again,
/// the program's exit status shown when it is not 0.
@Suite(.serialized)
struct OpenInProgramEndToEndTests {
    let tree = Tree()
    /// vi without the user's configuration, viminfo or swap file; less without `$LESS`.
    let environment = ["EDITOR": "vi -u NONE -i NONE -n", "VISUAL": "", "PAGER": "less", "LESS": "", "LESSHISTFILE": "-"]

    init() {
        tree.directory("alpha")
        tree.file("apple.txt", Array("apple pie\n".utf8))
        tree.file("banana.txt", Array("banana split\n".utf8))
    }

    private func start(_ environment: [String: String]? = nil) throws -> Tmux {
        let tmux = try Tmux(in: tree.path, environment: environment ?? self.environment)
        try tmux.waitFor(text: "banana.txt")
        return tmux
    }

    @Test func viEditsTheFileAndItsFailingStatusIsShownThenTheListingIsReadAgain() throws {
        let tmux = try start()
        try tmux.press("j")  // alpha/, apple.txt, banana.txt
        try tmux.waitFor { $0.contains { $0.contains("apple.txt") } }
        try tmux.press("Enter")
        // vi has the terminal: its screen, not the app's.
        try tmux.waitFor { screen in screen.contains { $0.hasPrefix("apple pie") } && !screen[0].contains("files ›") }
        #expect(try tmux.paneValue("#{mouse_sgr_flag}") == "0", "the app's mouse reporting is off while vi runs")
        try tmux.type(":w \(tree.path)/written-by-vi.txt")
        try tmux.press("Enter")
        try tmux.type(":cq")
        try tmux.press("Enter")
        let back = try tmux.waitFor(text: "vi exited with status 1")
        #expect(back[0].contains("files ›"))
        try tmux.press("Enter")
        // Read again: the file vi wrote is listed; the selection is still on apple.txt.
        try tmux.waitFor(text: "written-by-vi.txt")
        #expect(try tmux.paneValue("#{mouse_sgr_flag}#{alternate_on}") == "11", "the app's modes are on again")
        try tmux.press("o")
        try tmux.waitFor { $0.contains { $0.hasPrefix("apple pie") } }
        try tmux.press("q")
        try tmux.waitFor { $0[0].contains("files ›") }
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
    }

    @Test func lessGetsCtrlCAndQuittingItBringsTheListingBackUnchanged() throws {
        let tmux = try start()
        try tmux.press("j", "j")
        // The status line says the third entry is selected: banana.txt was
        // on screen from the start, so waiting for its name took the
        // screen before the second j had been drawn.
        try tmux.waitFor(text: "3/3")
        let before = try tmux.screen()
        try tmux.press("o")
        try tmux.waitFor { $0.contains { $0.hasPrefix("banana split") } }
        #expect(try tmux.paneValue("#{mouse_any_flag}") == "0")
        // Ctrl-C goes to less (which stays), not to the app.
        try tmux.press("C-c")
        Thread.sleep(forTimeInterval: 0.3)
        #expect(try !tmux.screen().contains { $0.contains("EXIT:") })
        try tmux.press("q")
        // Redrawn whole, as it was.
        try tmux.waitFor(timeout: 5) { $0 == before }
        #expect(try tmux.paneValue("#{mouse_sgr_flag}") == "1")
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
    }

    @Test func ctrlCEndsTheProgramNotTheAppAndTheSignalIsShown() throws {
        tree.file("slow.sh", Array("#!/bin/sh\necho SLOW-RUNNING\nexec sleep 30\n".utf8))
        chmod(tree.path + "/slow.sh", 0o755)
        let tmux = try start(["EDITOR": tree.path + "/slow.sh", "VISUAL": ""])
        try tmux.press("j")
        try tmux.waitFor(text: "apple.txt")
        try tmux.press("Enter")
        try tmux.waitFor(text: "SLOW-RUNNING")
        try tmux.press("C-c")
        try tmux.waitFor(text: "ended by signal 2 (SIGINT)")
        #expect(try !tmux.screen().contains { $0.contains("EXIT:") })
        try tmux.press("Enter", "q")
        try tmux.waitFor(text: "EXIT:0")
    }

    @Test func ctrlZInThePagerSuspendsTheAppWithItAndFgResumesBoth() throws {
        let terminal = try TmuxTerminal()
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        // Alone on its command line: job control stops a whole list.
        try terminal.run("cd '\(tree.path)'; export PAGER=less LESS= LESSHISTFILE=-")
        try terminal.run("'\(binary)'")
        try terminal.waitFor(text: "banana.txt")
        try terminal.press("j", "j")
        try terminal.press("o")
        try terminal.waitFor { $0.contains { $0.hasPrefix("banana split") } }
        try terminal.press("C-z")
        try terminal.waitFor { $0.contains { $0.contains("Stopped") } }
        #expect(try terminal.paneValue("#{alternate_on}#{mouse_any_flag}") == "00")
        try terminal.run("fg")
        // less is back (it redraws on its own), then the app after it.
        try terminal.waitFor { $0.contains { $0.hasPrefix("banana split") } && !$0[0].contains("files ›") }
        try terminal.press("q")
        try terminal.waitFor { $0[0].contains("files ›") && $0.contains { $0.hasPrefix("banana.txt") } }
        try terminal.press("q")
        try terminal.waitFor { $0.last { !$0.isEmpty } == "$" }
        try terminal.run("echo \"exit=$?\"")
        try terminal.waitFor(text: "exit=0")
    }

    #if os(Linux)
    /// As a served app runs (the leader of its own session on a pty, with no
    /// job-control shell above it, as `catalog serve` starts it): the pager
    /// still gets the terminal and Ctrl-Z in it cannot leave the app stopped
    /// for a `fg` that no one can type; the pager is simply continued.
    @Test func asTheLeaderOfItsSessionAsOverSSHCtrlZInThePagerContinuesIt() throws {
        let terminal = try TmuxTerminal()
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        let status = tree.path + "/status"
        // setsid -c: a new session whose controlling terminal is the pane's;
        // under a shell without job control, which would want the terminal back.
        try terminal.run("cd '\(tree.path)'; PAGER=less LESS= LESSHISTFILE=- "
            + "sh -c \"setsid -c -w '\(binary)'; echo \\$? > '\(status)'\"")
        try terminal.waitFor(text: "banana.txt")
        try terminal.press("j", "j")
        try terminal.press("o")
        try terminal.waitFor { $0.contains { $0.hasPrefix("banana split") } }
        try terminal.press("C-z")
        Thread.sleep(forTimeInterval: 0.3)
        try terminal.waitFor { $0.contains { $0.hasPrefix("banana split") } && !$0[0].contains("files ›") }
        try terminal.press("q")
        try terminal.waitFor { $0[0].contains("files ›") && $0.contains { $0.hasPrefix("banana.txt") } }
        try terminal.press("q")
        let deadline = Date().addingTimeInterval(10)
        // The shell creates the file before `echo` writes into it: wait for the line.
        while Date() < deadline, (try? String(contentsOfFile: status, encoding: .utf8))?.hasSuffix("\n") != true {
            usleep(50_000)
        }
        #expect(try String(contentsOfFile: status, encoding: .utf8) == "0\n")
    }
    #endif
}
