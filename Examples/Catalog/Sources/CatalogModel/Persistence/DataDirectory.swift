import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The directory holding the app's state: `catalog.sqlite`, `session`,
/// `catalog.log` and the SSH keys.
package struct DataDirectory: Sendable, Equatable {
    package let path: String

    /// Resolves and prepares the directory (see `resolvePath`), creating it
    /// with mode 0700 when missing and checking it can be written.
    package init(override: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment) throws(DataDirectoryError) {
        try self.init(preparing: Self.resolvePath(override: override, environment: environment))
    }

    /// Uses `path` as the data directory, creating it (mode 0700) if missing.
    package init(preparing path: String) throws(DataDirectoryError) {
        try Self.prepare(path)
        self.path = path
    }

    /// `--data-dir` beats `$XDG_DATA_HOME/catalog` beats
    /// `~/.local/share/catalog`. A relative or empty XDG_DATA_HOME is ignored,
    /// as the XDG spec says. The environment is a parameter so tests need not
    /// touch the process-wide one.
    package static func resolvePath(override: String?, environment: [String: String]) throws(DataDirectoryError) -> String {
        if let override, !override.isEmpty { return override }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return (xdg as NSString).appendingPathComponent("catalog")
        }
        guard let home = environment["HOME"].flatMap({ $0.isEmpty ? nil : $0 }) ?? Self.passwordDatabaseHome() else {
            throw .noHome
        }
        return (home as NSString).appendingPathComponent(".local/share/catalog")
    }

    package var databasePath: String { file("catalog.sqlite") }
    package var sessionPath: String { file("session") }
    package var logPath: String { file("catalog.log") }

    package func file(_ name: String) -> String {
        (path as NSString).appendingPathComponent(name)
    }

    private static func prepare(_ path: String) throws(DataDirectoryError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw .notADirectory(path) }
        } else {
            if let errorNumber = makeDirectory(path) {
                throw .cannotCreate(path, reason: String(cString: strerror(errorNumber)))
            }
        }
        guard access(path, W_OK | X_OK) == 0 else {
            throw .notWritable(path, reason: String(cString: strerror(errno)))
        }
    }

    private static func passwordDatabaseHome() -> String? {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return nil }
        return String(cString: directory)
    }

    /// `mkdir -p` with mode 0700, returning the errno of a failure. Written
    /// with mkdir(2) because Foundation's error hides the OS's reason.
    private static func makeDirectory(_ path: String) -> Int32? {
        if mkdir(path, 0o700) == 0 { return nil }
        switch errno {
        case EEXIST:
            var status = stat()
            return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR ? nil : ENOTDIR
        case ENOENT:
            let parent = (path as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != path else { return ENOENT }
            if let failure = makeDirectory(parent) { return failure }
            return mkdir(path, 0o700) == 0 || errno == EEXIST ? nil : errno
        default:
            return errno
        }
    }
}

package enum DataDirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    case noHome
    case notADirectory(String)
    case cannotCreate(String, reason: String)
    case notWritable(String, reason: String)

    package var description: String {
        switch self {
        case .noHome:
            "Cannot find a data directory: HOME is not set and XDG_DATA_HOME is not an absolute path (use --data-dir)"
        case .notADirectory(let path):
            "The data directory \(path) exists but is not a directory"
        case .cannotCreate(let path, let reason):
            "Cannot create the data directory \(path): \(reason)"
        case .notWritable(let path, let reason):
            "Cannot write to the data directory \(path): \(reason)"
        }
    }
}
