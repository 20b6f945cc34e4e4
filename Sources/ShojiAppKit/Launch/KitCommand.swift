import ArgumentParser

/// The command line of an app with no options of its own
/// (`ShojiApp(name:arguments:)`): the kit's options under the app's name.
struct KitCommand: ParsableCommand {
    /// The app's name, set around each parse (a task-local, so parses on
    /// different threads never see each other's).
    @TaskLocal static var programName = "app"

    static var configuration: CommandConfiguration { CommandConfiguration(commandName: programName) }

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    /// Parses `arguments` for the app named `name`.
    static func parse(_ arguments: [String], name: String) throws(LaunchError) -> ShojiOptions {
        try named(name) { () throws(LaunchError) in try ShojiApp.parse(KitCommand.self, arguments: arguments).shoji }
    }

    /// Runs `body` with `programName` set to `name`.
    static func named<Result>(_ name: String, _ body: () throws(LaunchError) -> Result) throws(LaunchError) -> Result {
        do {
            return try $programName.withValue(name) { () throws(LaunchError) in try body() }
        } catch let error as LaunchError {
            throw error
        } catch {
            throw LaunchError(String(describing: error), exitStatus: 64)
        }
    }
}

/// An app's arguments that are no `ParsableCommand` (a `ParsableArguments`
/// with the kit's options as a group), as a command named `programName`,
/// so its help's usage line names the program.
struct NamedArguments<Arguments: ParsableArguments>: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(commandName: KitCommand.programName) }

    @OptionGroup var arguments: Arguments
}
