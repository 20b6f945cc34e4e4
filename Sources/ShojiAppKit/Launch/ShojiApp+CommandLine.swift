import ArgumentParser
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

extension ShojiApp {
    /// Parses `arguments` (without the program name) as `Command`, an app's
    /// own command that holds `ShojiOptions` as an `@OptionGroup` beside its
    /// options (see ``ShojiOptions``).
    ///
    /// Throws a `LaunchError`: for `--help`, the help text with status 0
    /// (the program's name, the app's options and the kit's); for a
    /// mistake, one line naming it with status 64 (swift-argument-parser's
    /// usage status). `--version` (``ShojiOptions/version``) throws the
    /// line ``versionLine(name:version:)`` makes with status 0: the app's
    /// `version`, else its command's `CommandConfiguration.version` when it
    /// sets one. Nothing touches the terminal.
    nonisolated public static func parse<Command: ParsableArguments>(
        _ command: Command.Type, arguments: [String], version: String? = nil
    ) throws(LaunchError) -> Command {
        // Arguments that are no command are named in help after their Swift
        // type (`NotesCommand` as `notes_command`): parsed under the
        // program's name instead.
        if !(Command.self is any ParsableCommand.Type) {
            return try KitCommand.named(programName(of: command), version: version) { () throws(LaunchError) in
                try parse(NamedArguments<Command>.self, arguments: arguments, version: version).arguments
            }
        }
        // A command that configures a version gets swift-argument-parser's
        // own `--version` (listed in help), which prints it bare: the kit's
        // line instead, unless it is the kit's line already (KitCommand's).
        let configured = (command as? any ParsableCommand.Type)?.configuration.version ?? ""
        let isVersionLine = configured.hasSuffix("(Shoji \(ShojiVersion.current))")
        let request = (name: programName(of: command),
                       version: version ?? (configured.isEmpty || isVersionLine ? nil : configured))
        do {
            return try KitCommand.$versionRequest.withValue(request) { try Command.parse(arguments) }
        } catch {
            let status = Command.exitCode(for: error).rawValue
            if status == 0, !configured.isEmpty, EssentialsShims.trimmed(Command.fullMessage(for: error)) == configured {
                let line = isVersionLine ? configured : versionLine(name: request.name, version: request.version)
                throw LaunchError(line, exitStatus: 0)
            }
            guard status != 0 else { throw LaunchError(Command.fullMessage(for: error), exitStatus: 0) }
            var message = EssentialsShims.trimmed(Command.message(for: error))
            if status == ExitCode.validationFailure.rawValue {
                message += " (see '\(programName(of: command)) --help')"
            }
            throw LaunchError(message, exitStatus: status)
        }
    }

    /// Parses the process's command line as `Command` (see
    /// `parse(_:arguments:version:)`); prints the help or the version and
    /// exits 0, or prints the mistake as one line on stderr and exits 64.
    nonisolated public static func parseOrExit<Command: ParsableArguments>(
        _ command: Command.Type, arguments: [String] = Array(CommandLine.arguments.dropFirst()), version: String? = nil
    ) -> Command {
        do throws(LaunchError) {
            return try parse(command, arguments: arguments, version: version)
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
