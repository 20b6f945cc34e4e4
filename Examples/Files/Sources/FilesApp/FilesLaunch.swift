import Foundation
import FilesPresenters
import ShojiAppKit

/// The command line: the app's own options, the rest for `LaunchOptions`.
struct FilesArguments: Sendable {
    var root: BytePath
    /// `--open PATH`: a file-system path (absolute, or relative to the current directory).
    var open: BytePath?
    var restore = false
    var showsHidden = false
    var launch = LaunchOptions()

    static let usage = "usage: files [--root DIR] [--open PATH | --restore] [--all] [--no-color] [--no-mouse]"

    static func parse(_ arguments: [String], currentDirectory: BytePath = .currentDirectory)
        throws(LaunchError) -> FilesArguments
    {
        var root = currentDirectory
        var open: String?
        var restore = false, hidden = false
        var rest: [String] = []
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--root", "--open":
                guard let value = remaining.popFirst(), !value.isEmpty else {
                    throw LaunchError("\(argument) needs a path; \(usage)", exitStatus: 64)
                }
                if argument == "--root" { root = BytePath(value, relativeTo: currentDirectory) } else { open = value }
            case "--restore": restore = true
            case "--all", "-a": hidden = true
            case "--help", "-h": throw LaunchError(usage, exitStatus: 0)
            default: rest.append(argument)
            }
        }
        if open != nil, restore { throw LaunchError("use --open or --restore, not both", exitStatus: 64) }
        var launch: LaunchOptions
        do throws(LaunchError) { launch = try LaunchOptions.parse(rest) } catch {
            throw LaunchError(error.exitStatus == 0 ? usage : "\(error.description.components(separatedBy: ";")[0]); \(usage)",
                              exitStatus: error.exitStatus)
        }
        launch.mouse = true
        var result = FilesArguments(root: root, launch: launch)
        result.restore = restore
        result.showsHidden = hidden
        if let open { result.open = BytePath(open, relativeTo: currentDirectory) }
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
            ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.local/state"
        path = base + "/files/last-path"
    }

    init(path: String) { self.path = path }

    func load() -> BytePath? {
        guard let data = FileManager.default.contents(atPath: path), data.first == 0x2F, data.count < 65536 else { return nil }
        return BytePath(bytes: Array(data))
    }

    func save(_ value: BytePath) {
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let temporary = path + ".tmp"
        let written = FileSizeLimit.writing { FileManager.default.createFile(atPath: temporary, contents: Data(value.bytes)) }
        guard written else { return }
        _ = rename(temporary, path)
    }
}
