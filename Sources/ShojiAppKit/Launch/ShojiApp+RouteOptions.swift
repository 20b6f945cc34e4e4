import ArgumentParser
import ShojiNavigation

/// The parses that know the app's root coordinator: `--open` and
/// `--restore` name route paths, which only a root that adopts
/// `RouteResolving` resolves, so help offers them only then. (The plain
/// parses cannot tell, as the root's type reaches the kit only at `run`,
/// which refuses both options for a root without routes.)
extension ShojiApp {
    /// An app with no options of its own, as `init(name:version:arguments:)`,
    /// whose root coordinator is a `root`: when that type does not adopt
    /// `RouteResolving`, `--help` leaves `--open` and `--restore` out.
    public convenience init<Root: Coordinator>(name: String, version: String? = nil, arguments: [String],
                                               root: Root.Type) {
        do throws(LaunchError) {
            let options = try ShojiApp.parseOptions(arguments, name: name, version: version, root: root)
            self.init(name: name, configuration: options.launchConfiguration)
        } catch {
            ShojiApp.exit(name: name, error)
        }
    }

    /// The kit's options from `arguments`, as `parseOptions(_:name:version:)`,
    /// with help offering `--open` and `--restore` only when `root` adopts
    /// `RouteResolving`.
    nonisolated public static func parseOptions<Root: Coordinator>(
        _ arguments: [String], name: String, version: String? = nil, root: Root.Type
    ) throws(LaunchError) -> ShojiOptions {
        try offeringRoutes(of: root) { () throws(LaunchError) in try parseOptions(arguments, name: name, version: version) }
    }

    /// Parses `arguments` as `Command`, as `parse(_:arguments:version:)`,
    /// with help offering `--open` and `--restore` only when `root` adopts
    /// `RouteResolving`.
    nonisolated public static func parse<Command: ParsableArguments, Root: Coordinator>(
        _ command: Command.Type, arguments: [String], version: String? = nil, root: Root.Type
    ) throws(LaunchError) -> Command {
        try offeringRoutes(of: root) { () throws(LaunchError) in try parse(command, arguments: arguments, version: version) }
    }

    /// Parses the process's command line as `Command`, as
    /// `parseOrExit(_:arguments:version:)`, with help offering `--open` and
    /// `--restore` only when `root` adopts `RouteResolving`.
    nonisolated public static func parseOrExit<Command: ParsableArguments, Root: Coordinator>(
        _ command: Command.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst()), version: String? = nil,
        root: Root.Type
    ) -> Command {
        do throws(LaunchError) {
            return try parse(command, arguments: arguments, version: version, root: root)
        } catch {
            error.exit(program: programName(of: command))
        }
    }

    /// Runs the parse `body` with help told whether `root` has routes.
    nonisolated private static func offeringRoutes<Result, Root: Coordinator>(
        of root: Root.Type, _ body: () throws(LaunchError) -> Result
    ) throws(LaunchError) -> Result {
        do {
            return try KitCommand.$offersRoutes.withValue(root is any RouteResolving.Type) { () throws(LaunchError) in
                try body()
            }
        } catch let error as LaunchError {
            throw error
        } catch {
            throw LaunchError(String(describing: error), exitStatus: 64)
        }
    }
}
