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
        do {
            return try $programName.withValue(name) { () throws(LaunchError) in
                try ShojiApp.parse(KitCommand.self, arguments: arguments).shoji
            }
        } catch let error as LaunchError {
            throw error
        } catch {
            throw LaunchError(String(describing: error), exitStatus: 64)
        }
    }
}
