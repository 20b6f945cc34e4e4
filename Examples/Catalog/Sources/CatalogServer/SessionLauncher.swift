import CatalogApp
import Foundation

/// Starts a session's app: this executable, on the session's own
/// pseudo-terminal, as the identity the server authenticated, with an
/// environment the server chooses (the client's `env` requests are refused).
struct SessionLauncher: Sendable {
    let configuration: ServerConfiguration
    let registry: ConnectionRegistry
    let serverEnvironment: [String: String]

    init(configuration: ServerConfiguration, registry: ConnectionRegistry,
         serverEnvironment: [String: String] = ProcessInfo.processInfo.environment) {
        self.configuration = configuration
        self.registry = registry
        self.serverEnvironment = serverEnvironment
    }

    func spawn(identity: ServedIdentity, terminalType: String, size: TerminalSize) throws(AppProcess.SpawnError)
        -> AppProcess
    {
        try AppProcess.spawn(executable: configuration.appExecutable, arguments: arguments(for: identity),
                             environment: environment(terminalType: terminalType), size: size)
    }

    func arguments(for identity: ServedIdentity) -> [String] {
        var arguments = ["--data-dir", configuration.dataDirectory.path] + configuration.appArguments
        arguments += ["--served-as", identity.argument]
        // Signed-in users come back where they left off; guests share one
        // saved path, so each guest starts at Home.
        if case .account = identity { arguments.append("--restore") }
        return arguments
    }

    /// TERM from the client's pty request (only if it looks like a terminal
    /// name; the app explains an unknown one), the locale, and a few of the
    /// server's own variables.
    func environment(terminalType: String) -> [String: String] {
        var environment: [String: String] = [:]
        for name in ["PATH", "HOME", "USER", "LOGNAME", "NO_COLOR", "SWIFT_BACKTRACE", "TZ"] {
            if let value = serverEnvironment[name] { environment[name] = value }
        }
        let locale = serverEnvironment["LC_ALL"] ?? serverEnvironment["LANG"] ?? ""
        environment["LANG"] = locale.lowercased().contains("utf") ? locale : "C.UTF-8"
        environment["TERM"] = Self.isPlausibleTerminalName(terminalType) ? terminalType : "unknown"
        return environment
    }

    static func isPlausibleTerminalName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 64
            && name.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || "0123456789.+-_".unicodeScalars.contains($0)) }
    }
}
