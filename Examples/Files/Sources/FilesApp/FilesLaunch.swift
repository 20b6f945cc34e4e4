#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import FilesPresenters
import ShojiAppKit

/// The `files` command line: its own options beside the kit's.
struct FilesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "files",
        abstract: "Browse files in the terminal: a directory per screen, previews of text and binary files.",
        discussion: """
            DIR is the folder to start in (default: the current directory); back from it opens its parent, up to /. \
            --open takes a file-system path under DIR, absolute or relative to the current directory.
            """
    )

    @Argument(help: ArgumentHelp("The folder to start in (default: the current directory).", valueName: "dir"))
    var directory: String?

    @Option(help: ArgumentHelp("The same as DIR (the older spelling).", valueName: "dir"))
    var root: String?

    @Option(name: .customLong("choose-dir"),
            help: ArgumentHelp("On quit, write the folder you were in to FILE (for the shell's cd).", valueName: "file"))
    var chooseDirectory: String?

    @Flag(name: [.customLong("all"), .customShort("a")], help: "Show hidden files.")
    var all = false

    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions

    func validate() throws {
        if directory == "" || root == "" || shoji.open == "" { throw ValidationError("DIR, --root and --open need a path") }
        if directory != nil && root != nil { throw ValidationError("give the folder once: DIR or --root") }
        if chooseDirectory == "" { throw ValidationError("--choose-dir needs a file") }
        if shoji.restore && (directory != nil || root != nil) {
            throw ValidationError("--restore opens the saved folder: give no DIR with it")
        }
    }
}

/// What the command line asks for, its paths resolved.
struct FilesArguments: Sendable {
    var root: BytePath
    /// `--open PATH`: a file-system path (absolute, or relative to the current directory).
    var open: BytePath?
    var restore = false
    var showsHidden = false
    /// `--choose-dir FILE`: where the folder quit in is written.
    var chooseDirectory: String?
    var launch = LaunchConfiguration()

    /// Parses `arguments` (without the program name); `--help` and mistakes
    /// come as a `LaunchError` (status 0 and 64).
    static func parse(_ arguments: [String], currentDirectory: BytePath = .currentDirectory)
        throws(LaunchError) -> FilesArguments
    {
        let command = try ShojiApp.parse(FilesCommand.self, arguments: arguments)
        let start = command.directory ?? command.root
        var result = FilesArguments(root: start.map { BytePath($0, relativeTo: currentDirectory) } ?? currentDirectory)
        result.chooseDirectory = command.chooseDirectory
        result.open = command.shoji.open.map { BytePath($0, relativeTo: currentDirectory) }
        result.restore = command.shoji.restore
        result.showsHidden = command.all
        command.shoji.apply(to: &result.launch)
        // `--open` and `--restore` are a file-system path and the last one,
        // planned by the coordinator, not the kit's route paths.
        result.launch.open = nil
        result.launch.restore = false
        result.launch.mouse = true
        return result
    }

    /// Checks the root and `--open` before the screen starts (exit 64).
    func validate() throws(LaunchError) {
        do throws(FileError) {
            guard try DirectoryReader.kind(of: root).kind == .directory else {
                throw FileError.notADirectory(root.description)
            }
            if let open {
                guard open.isInside(root) else { throw FileError.outsideRoot(open.description, root: root.description) }
                _ = try DirectoryReader.kind(of: open)
            }
        } catch .notFound(let path) {
            // "No longer exists" is for what vanished while shown; this never did.
            throw LaunchError("cannot open: \(path) does not exist", exitStatus: 64)
        } catch {
            throw LaunchError("cannot open: \(error.description)", exitStatus: 64)
        }
    }
}

/// Where `--restore` finds the path the last run quit in: the raw bytes of
/// an absolute path in `$XDG_STATE_HOME/files/last-path` (else
/// `~/.local/state/files/last-path`), written through a rename.
struct LastPathFile: Sendable {
    let path: String

    init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state"
        path = base + "/files/last-path"
    }

    init(path: String) { self.path = path }

    func load() -> BytePath? {
        guard let data = FileManager.default.contents(atPath: path), data.first == 0x2F, data.count < 65536 else { return nil }
        return BytePath(bytes: Array(data))
    }

    /// Writes `value` through a rename; false when it could not.
    @discardableResult
    func save(_ value: BytePath) -> Bool {
        let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp"
        let written = FileSizeLimit.writing { FileManager.default.createFile(atPath: temporary, contents: Data(value.bytes)) }
        guard written else { return false }
        return rename(temporary, path) == 0
    }
}
