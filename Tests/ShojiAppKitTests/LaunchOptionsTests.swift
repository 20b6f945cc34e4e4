import ShojiAppKit
import Testing

/// The options every app on the kit gets from `LaunchOptions.parse`.
@Suite struct LaunchOptionsTests {
    @Test func valuesComeAsTheNextArgumentOrAfterAnEqualsSign() throws {
        let spaced = try LaunchOptions.parse(["--open", "catalog/x", "--record", "demo.cast", "--no-mouse"])
        #expect(spaced.open == "catalog/x")
        #expect(spaced.recording == "demo.cast")
        #expect(spaced.mouseRefused)
        let joined = try LaunchOptions.parse(["--open=home", "--record=a=b.cast"])
        #expect(joined.open == "home")
        #expect(joined.recording == "a=b.cast")
    }

    @Test(arguments: [
        (["--record"], "--record needs a file to write the session to, e.g. --record demo.cast"),
        (["--open"], "--open needs a route path, e.g. --open home"),
        (["--recording", "x"], "unknown option '--recording'; usage: \(LaunchOptions.usage)"),
        (["--open", "home", "--restore"], "use --open or --restore, not both"),
    ])
    func mistakesAreOneLineWithStatus64(arguments: [String], message: String) {
        #expect(throws: LaunchError.self) { try LaunchOptions.parse(arguments) }
        do {
            _ = try LaunchOptions.parse(arguments)
        } catch {
            #expect(error.description == message)
            #expect(error.exitStatus == 64)
        }
    }

    /// A path the user typed may hold escape sequences: on stderr it is one
    /// line of text, never a title change or a colour.
    @Test func anErrorLineEscapesControlCharactersButHelpIsPrintedAsItIs() {
        let error = LaunchError("cannot open 'x\u{1B}]2;PWNED\u{07}\u{1B}[31m\nFAKE \u{202E}txt.exe'", exitStatus: 64)
        let message = error.message(program: "demo")
        #expect(message.toStandardError)
        #expect(message.text == #"demo: cannot open 'x\x1b]2;PWNED\x07\x1b[31m\nFAKE \u{202e}txt.exe'"# + "\n")
        let help = LaunchError("usage: demo [--open PATH]\n  more", exitStatus: 0).message(program: "demo")
        #expect(help == ("usage: demo [--open PATH]\n  more\n", false))
    }
}
