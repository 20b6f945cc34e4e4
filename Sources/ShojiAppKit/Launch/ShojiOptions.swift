import ArgumentParser

/// The options every app on the kit takes from its command line, as a
/// swift-argument-parser group: `--open PATH`, `--restore`, `--no-color`,
/// `--no-mouse`, `--record FILE` and `--version`.
///
/// An app with options of its own declares them beside this group in its
/// own command, and `--help` lists both under the app's name:
///
/// ```swift
/// struct ChoresCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "chores")
///     @Option(help: "The chores file.") var file = "chores.json"
///     @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
/// }
///
/// let command = ShojiApp.parseOrExit(ChoresCommand.self)
/// ShojiApp(name: "chores", configuration: command.shoji.launchConfiguration).run { ... }
/// ```
///
/// An app with none of its own passes its arguments to
/// `ShojiApp(name:version:arguments:)`, which parses this group alone.
public struct ShojiOptions: ParsableArguments, Sendable {
    /// The title of this group in `--help`: `@OptionGroup(title: ShojiOptions.title)`.
    public static let title = "Terminal UI options"

    /// `--open PATH`: a route path to open at start (deep link), checked
    /// against the app's routes before the screen starts. An app whose root
    /// coordinator has no routes refuses it; help leaves it out when the
    /// parse is told the root's type (`ShojiApp.parse(_:arguments:version:root:)`).
    @Option(help: ArgumentHelp(Self.openHelp, valueName: "path", visibility: KitCommand.routeOptionsVisibility))
    public var open: String?
    private static let openHelp = "Start on the screen <path> names; an unknown path fails and lists the valid forms."

    /// `--restore`: reopen where the last run quit; refused, and left out
    /// of help, as `--open` is.
    @Flag(help: ArgumentHelp("Reopen the screen the last run quit on.", visibility: KitCommand.routeOptionsVisibility))
    public var restore = false

    /// `--no-color`: draw without colours whatever the terminal can do.
    @Flag(name: .customLong("no-color"), help: "Draw without colours (NO_COLOR=1 does the same).")
    public var noColor = false

    /// `--no-mouse`: the user refuses mouse reporting.
    @Flag(name: .customLong("no-mouse"), help: "Leave the mouse to the terminal (for apps that use it).")
    public var noMouse = false

    /// `--record FILE`: write the session to FILE as an asciinema v2 cast.
    @Option(name: .customLong("record"), help: ArgumentHelp(Self.recordHelp, valueName: "file"))
    public var recording: String?
    private static let recordHelp = "Write the session to <file> as an asciinema cast (asciinema play replays it)."

    /// `--version`: print the app's name and version and Shoji's
    /// (`notes 1.2.0 (Shoji 0.1.0)`, ``ShojiApp/versionLine(name:version:)``)
    /// and exit 0. The app gives its version to the parse
    /// (`ShojiApp.parseOrExit(_:arguments:version:)`, `ShojiApp(name:version:arguments:)`)
    /// or in its command's `CommandConfiguration(version:)`.
    ///
    /// Hidden from help: a command that configures a version gets
    /// swift-argument-parser's own `--version`, listed in help (the kit's
    /// parse prints this line for it), and two would be listed. An app
    /// whose command configures none still answers `--version` through this flag.
    @Flag(name: .customLong("version"), help: ArgumentHelp("Print the app's version and Shoji's, and exit.", visibility: .hidden))
    public var version = false

    /// No options given: what an empty command line parses to.
    public init() {}

    /// `--version` ends the parse with the version line (status 0);
    /// `--open` and `--restore` both name where to start: only one may be given.
    public func validate() throws {
        if version { throw CleanExit.message(KitCommand.versionLine) }
        if open != nil, restore { throw ValidationError("use --open or --restore, not both") }
    }

    /// These options over the kit's defaults (colours on, a 40x12 minimum,
    /// mouse off until the app asks for it).
    public var launchConfiguration: LaunchConfiguration {
        var options = LaunchConfiguration()
        apply(to: &options)
        return options
    }

    /// Sets what the user chose on `options`, leaving what the app set
    /// itself (its minimum size, whether it wants the mouse) as it is.
    public func apply(to options: inout LaunchConfiguration) {
        options.open = open
        options.restore = restore
        if noColor { options.colors = false }
        if noMouse { options.mouseRefused = true }
        options.recording = recording
    }
}
