#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// Where an app keeps the route path to reopen with `--restore`.
@MainActor
public protocol RouteStoring: AnyObject {
    /// The saved path, or nil when there is none.
    func loadRoute() -> String?
    /// Saves `path`; errors are reported by the caller, never shown as a crash.
    func saveRoute(_ path: String) throws
}

/// The default route store: one line in a file of the app's state folder,
/// `$XDG_STATE_HOME/<app>/route` (else `~/.local/state/<app>/route`),
/// written through a temporary file and a rename so a crash never leaves half a path.
@MainActor
public final class RouteFile: RouteStoring {
    /// The file.
    public let url: URL

    /// A store in the file at `url`.
    public init(url: URL) { self.url = url }

    /// The file for the app named `name`, in the user's state folder.
    public convenience init(appName name: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let base = environment["XDG_STATE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.local/state"
        // Joined as strings: URL's appendingPathComponent builds a Set on its
        // first use, whose metadata the runtime checks with a scan of every
        // conformance record of a static binary, at each app's start.
        let path = EssentialsShims.appending("route", to: EssentialsShims.appending(name, to: base))
        self.init(url: URL(fileURLWithPath: path, isDirectory: false))
    }

    /// The saved path, or nil when the file is missing, empty or too long.
    public func loadRoute() -> String? {
        guard let data = try? Data(contentsOf: url), data.count <= RoutePath.maxLength + 1 else { return nil }
        let text = EssentialsShims.trimmed(String(decoding: data, as: UTF8.self))
        return text.isEmpty ? nil : text
    }

    /// Writes `path` through a temporary file and a rename.
    public func saveRoute(_ path: String) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileSizeLimit.writing { try Data((path + "\n").utf8).write(to: url, options: .atomic) }
    }
}
