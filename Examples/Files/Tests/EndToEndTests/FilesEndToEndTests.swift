import Foundation
import ShojiEndToEnd
import Testing

/// The real binary in a private tmux server at 80x24.
@Suite(.serialized)
struct FilesEndToEndTests {
    let tree = Tree()

    init() {
        tree.directory("alpha/beta/gamma/delta")
        tree.directory("zulu")
        tree.file("alpha/beta/readme.txt", Array("The quick brown fox jumps over the lazy dog. ".utf8) + Array(repeating: 0x78, count: 90))
        tree.file("alpha/beta/logo.png", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13] + Array("IHDR".utf8))
        tree.file("alpha/beta/gamma/g.txt", Array("g".utf8))
        tree.file("apple.txt", Array("a".utf8))
        tree.file("banana.txt", Array("b".utf8))
    }

    @Test func descendThreeLevelsBackTwiceThenQuit() throws {
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "alpha/")
        #expect(try tmux.header().hasSuffix(tree.path.split(separator: "/").last.map(String.init) ?? ""))
        try tmux.press("Enter")
        try tmux.waitFor { $0[0].hasSuffix("› alpha") }
        try tmux.press("l")
        try tmux.waitFor { $0[0].hasSuffix("› alpha › beta") }
        try tmux.press("Right")
        try tmux.waitFor { $0[0].hasSuffix("› beta › gamma") }
        try tmux.waitFor(text: "delta/")
        try tmux.press("Left")
        try tmux.waitFor { $0[0].hasSuffix("› alpha › beta") }
        try tmux.press("Escape")
        let screen = try tmux.waitFor { $0[0].hasSuffix("› alpha") }
        // The parent kept its selection: beta is still the selected row.
        #expect(screen[2].hasPrefix("beta/"))
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
        #expect(try tmux.paneValue("#{alternate_on}") == "0")
    }

    @Test func filterOneCharacterThenClear() throws {
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "banana.txt")
        try tmux.press("/")
        try tmux.type("b")
        let filtered = try tmux.waitFor(text: "1 of 4")
        #expect(filtered.contains { $0.hasPrefix("banana.txt") })
        #expect(!filtered.contains { $0.hasPrefix("apple.txt") })
        try tmux.press("Escape")
        try tmux.waitFor(text: "apple.txt")
    }

    @Test func previewATextAndABinaryFile() throws {
        let tmux = try Tmux(in: tree.path, arguments: ["--open", "alpha/beta"])
        try tmux.waitFor(text: "readme.txt")
        try tmux.press("/")
        try tmux.type("readme")
        // Enter closes the filter; Right previews (Enter would edit).
        try tmux.press("Enter", "Right")
        let text = try tmux.waitFor(text: "The quick brown fox")
        #expect(text.contains { $0.contains("Type") && $0.contains("text") })
        try tmux.press("h")
        try tmux.waitFor { $0[0].hasSuffix("› beta") }
        try tmux.press("Escape", "/")
        try tmux.type("logo")
        try tmux.press("Enter", "Right")
        let binary = try tmux.waitFor(text: "PNG image")
        #expect(binary.contains { $0.hasPrefix("00000000: 8950 4e47") })
    }

    @Test func openADeepPathBuildsTheStackAndBackWalksUp() throws {
        let tmux = try Tmux(in: tree.path, arguments: ["--open", tree.path + "/alpha/beta/gamma/delta"])
        try tmux.waitFor { $0[0].hasSuffix("› alpha › beta › gamma › delta") }
        try tmux.waitFor(text: "Empty directory")
        try tmux.press("Escape")
        let gamma = try tmux.waitFor { $0[0].hasSuffix("› gamma") }
        #expect(gamma[2].hasPrefix("delta/"))
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
    }

    @Test func aBadOpenPathExits64BeforeTheScreen() throws {
        let tmux = try Tmux(in: tree.path, arguments: ["--open", "no/such/place"])
        let screen = try tmux.waitFor(text: "EXIT:64")
        #expect(screen.contains { $0.contains("cannot open") })
    }

    /// A hostile path on the command line reaches stderr as text, and a
    /// path that never existed is not said to have stopped existing.
    @Test func aBadOpenPathIsEscapedOnStderrAndSaysItDoesNotExist() throws {
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        let result = try Subprocess.run(binary, ["--root", tree.path, "--open", tree.path + "/missing\u{1B}]2;X\u{07}\u{1B}[31mRED"],
                                        environment: ["LANG": "C.UTF-8", "TERM": "xterm-256color"])
        #expect(result.status == 64)
        #expect(result.standardError == "files: cannot open: \(tree.path)/missing\\x1b]2;X\\x07\\x1b[31mRED does not exist\n")
        #expect(!result.standardError.unicodeScalars.contains("\u{1B}"))
    }

    /// The command line fails before the terminal is touched: one line
    /// naming the unknown option, status 64; `--help` names the program.
    @Test func anUnknownOptionIsOneLineAndHelpListsBothGroups() throws {
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        let environment = ["LANG": "C.UTF-8", "TERM": "xterm-256color"]
        let unknown = try Subprocess.run(binary, ["--root", tree.path, "--bogus"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.standardError == "files: Unknown option '--bogus' (see 'files --help')\n")
        #expect(unknown.standardOutput.isEmpty)
        let help = try Subprocess.run(binary, ["--help"], environment: environment)
        #expect(help.status == 0)
        #expect(help.standardOutput.contains("USAGE: files "))
        #expect(help.standardOutput.contains("--root <dir>") && help.standardOutput.contains("TERMINAL UI OPTIONS:"))
    }

    /// inotify: a file made in the shown folder appears without a key, and
    /// the selection stays on its entry.
    @Test func theListingFollowsTheDisk() throws {
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "banana.txt")
        // alpha/, zulu/, apple.txt, banana.txt: the fourth row.
        try tmux.press("Down", "Down", "Down")
        tree.file("aardvark.txt", Array("new".utf8))
        let screen = try tmux.waitFor(text: "aardvark.txt")
        #expect(screen[4].hasPrefix("aardvark.txt") && screen[6].hasPrefix("banana.txt"))
        // The selection moved down with banana.txt: Right previews it.
        try tmux.press("Right")
        try tmux.waitFor { $0[0].hasSuffix("banana.txt") }
    }

    /// Space marks, D asks (Cancel focused, so Left then Enter trashes),
    /// the entries go to the XDG trash and the listing follows.
    @Test func markTwoAndTrashThem() throws {
        let data = tree.path + "/.data"
        let tmux = try Tmux(in: tree.path, arguments: ["--no-mouse"], environment: ["XDG_DATA_HOME": data])
        try tmux.waitFor(text: "banana.txt")
        try tmux.press("Down", "Down", "Space", "Space")
        try tmux.waitFor(text: "+ banana.txt")
        try tmux.press("D")
        try tmux.waitFor(text: "Trash 2 entries?")
        try tmux.press("Left", "Enter")
        try tmux.waitFor { !$0.contains { $0.contains("banana.txt") } }
        let trashed = try FileManager.default.contentsOfDirectory(atPath: data + "/Trash/files").sorted()
        #expect(trashed == ["apple.txt", "banana.txt"])
    }

    @Test func aDirectoryRemovedWhileShownSaysSoAndBackWorks() throws {
        let tmux = try Tmux(in: tree.path, arguments: ["--open", "alpha/beta/gamma"])
        try tmux.waitFor(text: "g.txt")
        try tmux.press("Enter")
        try tmux.waitFor(text: "delta")
        try tmux.press("Escape")
        try tmux.waitFor(text: "g.txt")
        try FileManager.default.removeItem(atPath: tree.path + "/alpha/beta/gamma")
        try tmux.press("j", "Right")
        try tmux.waitFor(text: "no longer exists")
        try tmux.press("Enter")
        try tmux.waitFor(text: "This directory was deleted")
        try tmux.press("Escape")
        try tmux.waitFor { $0[0].hasSuffix("› alpha › beta") }
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
    }

    @Test func restoreReopensWhereTheLastRunQuit() throws {
        let state = tree.path + "/.state"
        do {
            let tmux = try Tmux(in: tree.path, arguments: ["--open", "alpha/beta/gamma"], environment: ["XDG_STATE_HOME": state])
            try tmux.waitFor { $0[0].hasSuffix("› gamma") }
            try tmux.press("q")
            try tmux.waitFor(text: "EXIT:0")
        }
        // From anywhere (here `/`): the saved folder is the start folder, and
        // back goes up past it, the folder left selected.
        let tmux = try Tmux(in: "/", arguments: ["--restore"], environment: ["XDG_STATE_HOME": state])
        try tmux.waitFor(text: "g.txt")
        #expect(try tmux.header().hasSuffix("gamma"))
        try tmux.press("Left")
        let up = try tmux.waitFor(text: "readme.txt")
        #expect(up[0].hasSuffix("beta"))
        #expect(up[2].hasPrefix("gamma/"), "the folder left is selected")
    }

    @Test func restoreWithNothingSavedSaysWhyInOneLine() throws {
        let binary = ProcessInfo.processInfo.environment["FILES_BIN"] ?? BuiltProduct.path(named: "files")
        let result = try Subprocess.run(binary, ["--restore"], environment: ["XDG_STATE_HOME": tree.path + "/none", "TERM": "xterm-256color"])
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("files: cannot restore: no folder was saved yet"))
        #expect(result.standardError.split(separator: "\n").count == 1)
    }

    /// lf's and nnn's recipe: `cd "$(cat FILE)"` after quitting.
    @Test func chooseDirWritesTheFolderQuitIn() throws {
        let chosen = tree.path + "/chosen"
        let tmux = try Tmux(in: tree.path + "/alpha", arguments: ["--choose-dir", chosen])
        try tmux.waitFor(text: "beta/")
        try tmux.press("Enter")
        try tmux.waitFor(text: "readme.txt")
        try tmux.press("Left", "Left")
        try tmux.waitFor(text: "zulu/")
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
        #expect(try String(contentsOfFile: chosen, encoding: .utf8) == tree.path)
    }

    @Test func mouseReportingIsOnWhileRunningAndOffAfterQuitAndNeverWithNoMouse() throws {
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "alpha/")
        #expect(try tmux.paneValue("#{mouse_sgr_flag}") == "1")
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
        #expect(try tmux.paneValue("#{mouse_any_flag}#{mouse_sgr_flag}") == "00")
        let refused = try Tmux(in: tree.path, arguments: ["--no-mouse"])
        try refused.waitFor(text: "alpha/")
        #expect(try refused.paneValue("#{mouse_sgr_flag}") == "0")
    }

    @Test func sigtermRestoresTheTerminalAndMouse() throws {
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "alpha/")
        let shell = try tmux.paneValue("#{pane_pid}")
        _ = try Subprocess.run("/usr/bin/pkill", ["-TERM", "-P", shell, "-x", "files"])
        try tmux.waitFor(text: "EXIT:143")
        #expect(try tmux.paneValue("#{alternate_on}#{mouse_any_flag}#{mouse_sgr_flag}") == "000")
    }
}
