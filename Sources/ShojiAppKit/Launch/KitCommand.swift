import ArgumentParser

/// The command line of an app with no options of its own
/// (`ShojiApp(name:version:arguments:)`): the kit's options under the app's name.
struct KitCommand: ParsableCommand {
    /// The app's name, set around each parse (a task-local, so parses on
    /// different threads never see each other's).
    @TaskLocal static var programName = "app"
    /// The app's version, set with its name.
    @TaskLocal static var programVersion: String?
    /// The app's name and version for `--version` (``ShojiOptions/version``),
    /// set around each parse by `ShojiApp.parse`; nil outside one (an app
    /// that parses its command itself), where the program's file name stands in.
    @TaskLocal static var versionRequest: (name: String, version: String?)?
    /// Whether the app being parsed has routes, so that help offers
    /// `--open` and `--restore`: true unless the parse was told a root
    /// coordinator's type that does not adopt `RouteResolving`.
    @TaskLocal static var offersRoutes = true

    /// How help shows `--open` and `--restore` in the current parse.
    static var routeOptionsVisibility: ArgumentVisibility { offersRoutes ? .default : .hidden }

    /// The app's name, and its version line as swift-argument-parser's own
    /// `--version` (listed in help).
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: programName, version: ShojiApp.versionLine(name: programName, version: programVersion))
    }

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    /// Parses `arguments` for the app named `name`, whose version is `version`.
    static func parse(_ arguments: [String], name: String, version: String?) throws(LaunchError) -> ShojiOptions {
        try named(name, version: version) { () throws(LaunchError) in
            try ShojiApp.parse(KitCommand.self, arguments: arguments, version: version).shoji
        }
    }

    /// What `--version` prints during the current parse.
    static var versionLine: String {
        let fallback = CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "app"
        let request = versionRequest ?? (fallback, nil)
        return ShojiApp.versionLine(name: request.name, version: request.version)
    }

    /// Runs `body` with `programName` set to `name` and `programVersion` to `version`.
    static func named<Result>(_ name: String, version: String?,
                              _ body: () throws(LaunchError) -> Result) throws(LaunchError) -> Result {
        do {
            return try $programName.withValue(name) {
                try $programVersion.withValue(version) { () throws(LaunchError) in try body() }
            }
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
    static var configuration: CommandConfiguration { KitCommand.configuration }

    @OptionGroup var arguments: Arguments
}
