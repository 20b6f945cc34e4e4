import ArgumentParser

/// The options every app on the kit takes from its command line, as a
/// swift-argument-parser group: `--open PATH`, `--restore`, `--no-color`,
/// `--no-mouse` and `--record FILE`.
///
/// An app with options of its own declares them beside this group in its
/// own command, and `--help` lists both under the app's name:
///
/// ```swift
/// struct TasksCommand: ParsableCommand {
///     static let configuration = CommandConfiguration(commandName: "tasks")
///     @Option(help: "The tasks file.") var file = "tasks.json"
///     @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
/// }
///
/// let command = ShojiApp.parseOrExit(TasksCommand.self)
/// ShojiApp(name: "tasks", configuration: command.shoji.launchConfiguration).run { ... }
/// ```
///
/// An app with none of its own passes its arguments to
/// `ShojiApp(name:arguments:)`, which parses this group alone.
public struct ShojiOptions: ParsableArguments, Sendable {
    /// The title of this group in `--help`: `@OptionGroup(title: ShojiOptions.title)`.
    public static let title = "Terminal UI options"

    /// `--open PATH`: a route path to open at start (deep link), checked
    /// against the app's routes before the screen starts.
    @Option(help: ArgumentHelp("Start on the screen <path> names; an unknown path fails and lists the valid forms.", valueName: "path"))
    public var open: String?

    /// `--restore`: reopen where the last run quit.
    @Flag(help: "Reopen the screen the last run quit on.")
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

    /// No options given: what an empty command line parses to.
    public init() {}

    /// `--open` and `--restore` both name where to start: only one may be given.
    public func validate() throws {
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
