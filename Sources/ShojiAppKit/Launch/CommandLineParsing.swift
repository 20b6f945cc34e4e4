import ArgumentParser
import Foundation

extension ShojiApp {
    /// Parses `arguments` (without the program name) as `Command`, an app's
    /// own command that holds `ShojiOptions` as an `@OptionGroup` beside its
    /// options (see ``ShojiOptions``).
    ///
    /// Throws a `LaunchError`: for `--help`, the help text with status 0
    /// (the program's name, the app's options and the kit's); for a
    /// mistake, one line naming it with status 64 (swift-argument-parser's
    /// usage status). Nothing touches the terminal.
    nonisolated public static func parse<Command: ParsableArguments>(
        _ command: Command.Type, arguments: [String]
    ) throws(LaunchError) -> Command {
        do {
            return try Command.parse(arguments)
        } catch {
            let status = Command.exitCode(for: error).rawValue
            guard status != 0 else { throw LaunchError(Command.fullMessage(for: error), exitStatus: 0) }
            var message = Command.message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            if status == ExitCode.validationFailure.rawValue {
                message += " (see '\(programName(of: command)) --help')"
            }
            throw LaunchError(message, exitStatus: status)
        }
    }

    /// Parses the process's command line as `Command` (see
    /// `parse(_:arguments:)`); prints the help and exits 0, or prints the
    /// mistake as one line on stderr and exits 64.
    nonisolated public static func parseOrExit<Command: ParsableArguments>(
        _ command: Command.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst())
    ) -> Command {
        do throws(LaunchError) {
            return try parse(command, arguments: arguments)
        } catch {
            error.exit(program: programName(of: command))
        }
    }

    /// The name `Command`'s help shows: its configured command name, else
    /// the name the program was started by.
    nonisolated static func programName<Command: ParsableArguments>(of command: Command.Type) -> String {
        if let name = (command as? any ParsableCommand.Type)?.configuration.commandName { return name }
        return CommandLine.arguments.first.flatMap { $0.split(separator: "/").last.map(String.init) } ?? "app"
    }
}

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
