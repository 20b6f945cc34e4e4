import ShojiAppKit
import Testing

/// An app's own command: its options beside the kit's group.
private struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "demo", abstract: "A demo app.")
    @Option(help: "The tasks file.") var file = "tasks.json"
    @Flag(name: [.long, .customShort("a")], help: "Show every task.") var all = false
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// A root whose routes are `home` and `tasks/<id>`.
@MainActor private final class DemoRoot: Coordinator, RouteResolving {
    static func validate(_ path: RoutePath) throws(RouteError) {
        guard path.first == "home" || path.first == "tasks" else {
            throw .unknownStep(step: 0, component: path.first, validForms: ["home", "tasks/<id>"])
        }
    }

    func plan(for path: RoutePath) throws(RouteError) -> RoutePlan { RoutePlan() }
}

/// The command line every app on the kit gets (`ShojiOptions`, parsed by
/// swift-argument-parser), alone or beside an app's own options.
@Suite struct LaunchConfigurationTests {
    @Test func theAppsOptionsAndTheKitsParseTogether() throws {
        let command = try ShojiApp.parse(DemoCommand.self, arguments: [
            "--file", "mine.json", "--open", "tasks/3", "--record=a=b.cast", "--no-mouse", "-a", "--no-color",
        ])
        #expect(command.file == "mine.json")
        #expect(command.all)
        #expect(command.shoji.noMouse && command.shoji.noColor && command.shoji.recording == "a=b.cast")
        let launch = command.shoji.launchConfiguration
        #expect(launch.open == "tasks/3")
        #expect(launch.recording == "a=b.cast")
        #expect(launch.mouseRefused && !launch.colors && !launch.restore)
        let defaults = try ShojiApp.parse(DemoCommand.self, arguments: []).shoji.launchConfiguration
        #expect(defaults.open == nil && defaults.colors && !defaults.mouseRefused && defaults.recording == nil)
    }

    /// What the user chose goes over the app's own settings; the rest stays.
    @Test func applyingTheOptionsKeepsWhatTheAppSet() throws {
        var launch = LaunchConfiguration()
        launch.mouse = true
        launch.minimumSize = CellSize(width: 60, height: 20)
        try ShojiApp.parseOptions(["--restore"], name: "demo").apply(to: &launch)
        #expect(launch.restore && launch.usesMouse && launch.minimumSize == CellSize(width: 60, height: 20))
    }

    @Test func helpNamesTheProgramAndListsTheAppsOptionsAndTheKits() {
        do {
            _ = try ShojiApp.parse(DemoCommand.self, arguments: ["--help"])
            Issue.record("--help parsed")
        } catch {
            #expect(error.exitStatus == 0)
            let help = error.description
            #expect(help.contains("USAGE: demo "))
            #expect(help.contains("\nOPTIONS:") && help.contains("--file <file>") && help.contains("-a, --all"))
            #expect(help.contains("TERMINAL UI OPTIONS:") && help.contains("--open <path>") && help.contains("--record <file>"))
            #expect(help.contains("--no-color") && help.contains("--no-mouse") && help.contains("--restore"))
            let (text, toStandardError) = error.message(program: "demo")
            #expect(text == help + "\n" && !toStandardError)
        }
    }

    /// An app with no options of its own: its name in the usage line, the kit's options under their title.
    @Test func helpOfAnAppWithoutOptionsNamesTheApp() {
        do {
            _ = try ShojiApp.parseOptions(["-h"], name: "fruit")
            Issue.record("-h parsed")
        } catch {
            #expect(error.exitStatus == 0)
            #expect(error.description.contains("USAGE: fruit [--open <path>]"))
            #expect(error.description.contains("TERMINAL UI OPTIONS:"))
        }
    }

    @Test(arguments: [
        (["--recording", "x"], "Unknown option '--recording'"),
        (["--record"], "Missing value for '--record <file>'"),
        (["--open", "home", "--restore"], "use --open or --restore, not both"),
        (["--bogus", "--file", "x"], "Unknown option '--bogus'"),
    ])
    func aMistakeIsOneLineNamingItWithStatus64(arguments: [String], naming: String) {
        do {
            _ = try ShojiApp.parse(DemoCommand.self, arguments: arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description.contains(naming))
            #expect(error.description.hasSuffix("(see 'demo --help')"))
            let (text, toStandardError) = error.message(program: "demo")
            #expect(toStandardError && text.hasPrefix("demo: ") && text.filter { $0 == "\n" }.count == 1)
        }
    }

    /// The one-line form for an app without options of its own, as `init(name:arguments:)` prints it.
    @Test func theKitsOwnParseNamesTheAppInItsMistakes() {
        #expect(throws: LaunchError.self) { try ShojiApp.parseOptions(["--file", "x"], name: "fruit") }
        do {
            _ = try ShojiApp.parseOptions(["--file", "x"], name: "fruit")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description == "Unknown option '--file' (see 'fruit --help')")
        }
    }

    /// An unknown `--open` path is a command-line mistake, found before the
    /// screen starts, with the valid forms.
    @MainActor @Test func anUnknownOpenPathIsStatus64WithTheValidForms() throws {
        var launch = try ShojiApp.parseOptions(["--open", "nope/1"], name: "demo").launchConfiguration
        do {
            _ = try launch.openPath(checkedBy: DemoRoot.self)
            Issue.record("nope/1 accepted")
        } catch {
            #expect(error.exitStatus == 64)
            #expect(error.description == #"cannot open 'nope/1': unknown component 1 ("nope"); valid forms: home, tasks/<id>"#)
        }
        launch.open = "bad path"
        #expect(throws: LaunchError.self) { try launch.openPath(checkedBy: nil) }
        launch.open = "Tasks/3"
        #expect(try launch.openPath(checkedBy: DemoRoot.self)?.description == "tasks/3")
        launch.open = nil
        #expect(try launch.openPath(checkedBy: DemoRoot.self) == nil)
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
