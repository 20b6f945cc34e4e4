#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The folder where an app keeps its data (a notes file, a database, keys),
/// found the way each platform expects and made on first use:
///
/// - a folder the user named (`--data-dir`), else
/// - on Linux `$XDG_DATA_HOME/<app>` (an absolute XDG_DATA_HOME only, as
///   the XDG spec says), else `~/.local/share/<app>`;
/// - on macOS `~/Library/Application Support/<app>`.
///
/// Home is `$HOME`, else the user's entry in the password database. The
/// folder and any missing parents are made with mode 0700 (data folders
/// hold what only the user should read); one that cannot be made or
/// written fails with one line naming it and the reason (exit status 1).
///
/// ```swift
/// let folder = try AppDataFolder(appName: "notes", override: command.dataDirectory)
/// let store = try NoteStore.open(NotesFile(directory: folder.path))
/// ```
public struct AppDataFolder: Sendable, Equatable {
    /// Where the platform keeps apps' data.
    public enum Platform: Sendable {
        /// The XDG base directories.
        case linux
        /// `~/Library/Application Support`.
        case macOS

        /// The platform this process runs on.
        public static var current: Platform {
            #if os(macOS)
            .macOS
            #else
            .linux
            #endif
        }
    }

    /// The folder's path.
    public let path: String

    /// Finds the folder for the app named `appName` (see the type's rules)
    /// and makes it when missing.
    ///
    /// - Parameters:
    ///   - appName: the folder's name in the platform's data folder.
    ///   - override: the folder the user named; nil or empty uses the platform's.
    ///   - environment: where `XDG_DATA_HOME` and `HOME` are read; a parameter
    ///     so tests need not touch the process's.
    ///   - platform: whose rules apply; the one this runs on unless a test says.
    public init(appName: String, override: String? = nil,
                environment: [String: String] = ProcessInfo.processInfo.environment,
                platform: Platform = .current) throws(LaunchError) {
        let path = try Self.resolve(appName: appName, override: override, environment: environment, platform: platform)
        try Self.prepare(path)
        self.path = path
    }

    /// The path of the file `name` in the folder.
    public func file(_ name: String) -> String { EssentialsShims.appending(name, to: path) }

    /// The folder's path by the rules above, without touching the disk.
    ///
    /// - Parameters:
    ///   - appName: the folder's name in the platform's data folder.
    ///   - override: the folder the user named; nil or empty uses the platform's.
    ///   - environment: where `XDG_DATA_HOME` and `HOME` are read.
    ///   - platform: whose rules apply.
    public static func resolve(appName: String, override: String?, environment: [String: String],
                               platform: Platform = .current) throws(LaunchError) -> String {
        if let override, !override.isEmpty { return override }
        if platform == .linux, let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return EssentialsShims.appending(appName, to: xdg)
        }
        guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? passwordDatabaseHome() else {
            throw LaunchError("no folder for \(appName)'s data: HOME is not set (use --data-dir)", exitStatus: 1)
        }
        let base = platform == .macOS ? "Library/Application Support" : ".local/share"
        return EssentialsShims.appending(appName, to: EssentialsShims.appending(base, to: home))
    }

    /// Makes `path` (mode 0700, parents too) unless it is a folder already,
    /// and checks it can be written.
    private static func prepare(_ path: String) throws(LaunchError) {
        if let failure = makeFolder(path) {
            throw LaunchError("cannot create the data folder \(path): \(String(cString: strerror(failure)))", exitStatus: 1)
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw LaunchError("cannot write to the data folder \(path): \(String(cString: strerror(errno)))", exitStatus: 1)
        }
    }

    /// `mkdir -p` with mode 0700, answering the errno of a failure (mkdir(2)
    /// itself, because Foundation's error hides the system's reason).
    private static func makeFolder(_ path: String) -> Int32? {
        if mkdir(path, 0o700) == 0 { return nil }
        let failure = errno
        if failure == EEXIST {
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
        }
        guard failure == ENOENT else { return failure }
        let parent = EssentialsShims.parent(of: path)
        guard !parent.isEmpty, parent != path else { return ENOENT }
        if let parentFailure = makeFolder(parent) { return parentFailure }
        return mkdir(path, 0o700) == 0 || errno == EEXIST ? nil : errno
    }

    private static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }
}
