import Foundation
import ShojiSessions

/// Starts a session's app on the session's own pseudo-terminal, as the
/// identity the server authenticated, with an environment the server
/// chooses (the client's `env` requests are refused).
public struct SessionLauncher: Sendable {
    /// What to run and its limits.
    public let configuration: SSHAppServer.Configuration
    /// The session counts (in total and per address) its server keeps.
    public let registry: ConnectionRegistry
    let serverEnvironment: [String: String]
    /// The session template sessions are forked from, when the server runs one.
    var template: SessionTemplateProcess?

    /// Launches `configuration`'s app, passing on a few of `serverEnvironment`'s variables.
    public init(configuration: SSHAppServer.Configuration, registry: ConnectionRegistry,
         serverEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.registry = registry
        self.serverEnvironment = serverEnvironment
    }

    /// Starts the app for `identity`, connected from `client` (an IP
    /// address): forked by the session template when there is one that
    /// still forks, spawned otherwise.
    public func spawn(identity: SSHIdentity, client: String, terminalType: String, size: TerminalSize)
        throws(AppProcess.SpawnError) -> AppProcess
    {
        let arguments = configuration.appArguments(identity)
        let environment = environment(terminalType: terminalType, identity: identity, client: client)
        if let template, template.isAlive,
           let app = try AppProcess.fork(from: template, arguments: arguments, environment: environment, size: size) {
            return app
        }
        return try AppProcess.spawn(executable: configuration.appExecutable, arguments: arguments,
                                    environment: environment, size: size)
    }

    /// TERM from the client's pty request (only if it looks like a terminal
    /// name; the app explains an unknown one), the locale, a few of the
    /// server's own variables, the configuration's, and the session's
    /// identity (`SSHSessionEnvironment`).
    func environment(terminalType: String, identity: SSHIdentity, client: String) -> [String: String] {
        // The session variables are the server's word alone: none may come from elsewhere.
        var environment = configuration.appEnvironment.filter { !$0.key.hasPrefix("SHOJI_SSH_") }
        // The sanitizers' options too: a server built with a sanitizer runs
        // session apps built with it, whose reports must reach the same log.
        for name in ["PATH", "HOME", "USER", "LOGNAME", "NO_COLOR", "SWIFT_BACKTRACE", "TZ",
                     "ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS", "UBSAN_OPTIONS"] {
            if let value = serverEnvironment[name] { environment[name] = value }
        }
        let locale = serverEnvironment["LC_ALL"] ?? serverEnvironment["LANG"] ?? ""
        environment["LANG"] = locale.lowercased().contains("utf") ? locale : "C.UTF-8"
        environment["TERM"] = Self.isPlausibleTerminalName(terminalType) ? terminalType : "unknown"
        environment.merge(SSHSessionEnvironment.variables(for: identity, client: client, configuration: configuration)) { _, server in server }
        return environment
    }

    static func isPlausibleTerminalName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789.+-_".unicodeScalars.contains($0)) }
    }
}
