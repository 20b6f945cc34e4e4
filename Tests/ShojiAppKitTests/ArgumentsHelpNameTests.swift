import ShojiAppKit
import Testing

/// An app's arguments that are no command (as the notes example has them).
private struct DemoArguments: ParsableArguments {
    @Option(help: "The notes file.") var file = "notes.json"
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// `--help` names the program, not the arguments' Swift type: `notes --help`
/// said `USAGE: notes_command`.
@Suite struct ArgumentsHelpNameTests {
    @Test func helpOfArgumentsThatAreNoCommandNamesTheProgram() {
        let program = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "app"
        do {
            _ = try ShojiApp.parse(DemoArguments.self, arguments: ["--help"])
            Issue.record("--help parsed")
        } catch {
            #expect(error.exitStatus == 0)
            let help = error.description
            #expect(help.contains("USAGE: \(program) "), "\(help)")
            #expect(!help.contains("demo_arguments") && !help.contains("demo-arguments"))
            #expect(help.contains("--file <file>") && help.contains("TERMINAL UI OPTIONS:") && help.contains("--open <path>"))
        }
    }

    @Test func argumentsThatAreNoCommandStillParse() throws {
        let parsed = try ShojiApp.parse(DemoArguments.self, arguments: ["--file", "x.json", "--no-color"])
        #expect(parsed.file == "x.json")
        #expect(parsed.shoji.noColor)
    }

    @Test func aMistakeNamesTheProgramsHelp() {
        do {
            _ = try ShojiApp.parse(DemoArguments.self, arguments: ["--bogus"])
            Issue.record("--bogus parsed")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description.contains("Unknown option '--bogus'"))
        }
    }
}
