import CatalogApp
@testable import CatalogServer
import Foundation
import Testing

@Suite struct SessionLauncherTests {
    private func launcher(environment: [String: String]) throws -> SessionLauncher {
        let directory = try DataDirectory(preparing: FileManager.default.temporaryDirectory
            .appendingPathComponent("launcher-\(UUID().uuidString)").path)
        var configuration = ServerConfiguration(dataDirectory: directory, appExecutable: "/bin/catalog")
        configuration.appArguments = ["--generate", "10"]
        return SessionLauncher(configuration: configuration,
                               registry: ConnectionRegistry(maximumSessions: 1, maximumConnectionsPerAddress: 1),
                               serverEnvironment: environment)
    }

    @Test func theAppRunsAsTheAuthenticatedIdentityInTheServersDataDirectory() throws {
        let launcher = try launcher(environment: [:])
        let path = launcher.configuration.dataDirectory.path
        #expect(launcher.arguments(for: .account("alice@example.com"))
            == ["--data-dir", path, "--generate", "10", "--served-as", "alice@example.com", "--restore"])
        #expect(launcher.arguments(for: .guest) == ["--data-dir", path, "--generate", "10", "--served-as", "guest"])
    }

    @Test func theEnvironmentIsTheServersChoiceWithTheClientsTerminalType() throws {
        let launcher = try launcher(environment: [
            "PATH": "/usr/bin", "HOME": "/root", "LANG": "C", "SECRET_TOKEN": "x", "NO_COLOR": "1",
        ])
        let environment = launcher.environment(terminalType: "xterm-256color")
        #expect(environment == [
            "PATH": "/usr/bin", "HOME": "/root", "NO_COLOR": "1", "LANG": "C.UTF-8", "TERM": "xterm-256color",
        ])
    }

    @Test func aTerminalTypeThatIsNotANameBecomesUnknown() throws {
        let launcher = try launcher(environment: ["LANG": "en_US.UTF-8"])
        #expect(launcher.environment(terminalType: "xterm\u{1b}[31m")["TERM"] == "unknown")
        #expect(launcher.environment(terminalType: "")["TERM"] == "unknown")
        #expect(launcher.environment(terminalType: String(repeating: "x", count: 65))["TERM"] == "unknown")
        #expect(launcher.environment(terminalType: "screen.xterm-256color")["TERM"] == "screen.xterm-256color")
        #expect(launcher.environment(terminalType: "vt100")["LANG"] == "en_US.UTF-8")
    }
}
