import ShojiAppKit
import Testing

/// An app's own command that gives no version.
private struct PlainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "plain")
    @Option(help: "A file.") var file = "x.json"
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// An app's own command whose version is in its configuration.
private struct VersionedCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "versioned", version: "2.3.4")
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// An app's arguments that are no command (a group beside the kit's).
private struct BareArguments: ParsableArguments {
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// `--version` on every app: the app's name and version and Shoji's, status 0.
@Suite struct VersionTests {
    /// What `--version` answers through `parse`, or what went wrong.
    private func versionAnswer<Command: ParsableArguments>(_ command: Command.Type, version: String? = nil)
        -> (text: String, status: Int32)?
    {
        do {
            _ = try ShojiApp.parse(command, arguments: ["--version"], version: version)
            return nil
        } catch {
            return (error.description, error.exitStatus)
        }
    }

    @Test func theFrameworksVersionIsASemanticVersion() {
        let parts = ShojiVersion.current.split(separator: ".")
        #expect(parts.count == 3 && parts.allSatisfy { Int($0) != nil })
    }

    @Test func theLineNamesTheAppItsVersionAndShojis() {
        #expect(ShojiApp.versionLine(name: "notes", version: "1.2.0") == "notes 1.2.0 (Shoji \(ShojiVersion.current))")
        #expect(ShojiApp.versionLine(name: "notes", version: nil) == "notes (Shoji \(ShojiVersion.current))")
    }

    @Test func anAppWithoutOptionsOfItsOwnPrintsItsVersion() {
        do {
            _ = try ShojiApp.parseOptions(["--version"], name: "chores", version: "0.9.1")
            Issue.record("--version parsed")
        } catch {
            #expect(error.exitStatus == 0)
            #expect(error.description == "chores 0.9.1 (Shoji \(ShojiVersion.current))")
        }
    }

    @Test func anAppsOwnCommandPrintsTheVersionItGaveOrNone() {
        let given = versionAnswer(PlainCommand.self, version: "1.0.0")
        #expect(given?.status == 0 && given?.text == "plain 1.0.0 (Shoji \(ShojiVersion.current))")
        let none = versionAnswer(PlainCommand.self)
        #expect(none?.status == 0 && none?.text == "plain (Shoji \(ShojiVersion.current))")
    }

    @Test func aVersionInTheCommandsConfigurationIsTheApps() {
        let answer = versionAnswer(VersionedCommand.self)
        #expect(answer?.status == 0 && answer?.text == "versioned 2.3.4 (Shoji \(ShojiVersion.current))")
    }

    @Test func argumentsThatAreNoCommandPrintTheVersionToo() {
        let answer = versionAnswer(BareArguments.self, version: "3.0.0")
        #expect(answer?.status == 0)
        #expect(answer?.text.hasSuffix(" 3.0.0 (Shoji \(ShojiVersion.current))") == true)
    }

    @Test func helpListsVersionOnceWhereTheAppHasOne() {
        #expect(versionHelp(VersionedCommand.self).ranges(of: "--version").count == 1)
        #expect(versionHelp(PlainCommand.self).ranges(of: "--version").isEmpty)
        do {
            _ = try ShojiApp.parseOptions(["--help"], name: "chores", version: "0.9.1")
        } catch {
            #expect(error.description.ranges(of: "--version").count == 1, "\(error.description)")
        }
    }

    @Test func withoutTheFlagNothingIsPrinted() throws {
        let command = try ShojiApp.parse(PlainCommand.self, arguments: ["--file", "y.json"], version: "1.0.0")
        #expect(command.file == "y.json" && !command.shoji.version)
    }

    private func versionHelp<Command: ParsableArguments>(_ command: Command.Type) -> String {
        do {
            _ = try ShojiApp.parse(command, arguments: ["--help"])
            return ""
        } catch {
            return error.description
        }
    }
}
