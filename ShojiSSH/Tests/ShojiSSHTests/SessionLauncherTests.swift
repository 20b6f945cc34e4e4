@testable import ShojiSSH
import Foundation
import Testing

@Suite struct SessionLauncherTests {
    private func launcher(environment: [String: String]) -> SessionLauncher {
        var configuration = SSHAppServer.Configuration(appName: "demo", appExecutable: "/bin/demo", hostKeyPath: "/nonexistent")
        configuration.appArguments = { identity in ["--generate", "10"] + (identity.isGuest ? [] : ["--restore"]) }
        configuration.appEnvironment = ["DEMO_MODE": "served"]
        return SessionLauncher(configuration: configuration,
                               registry: ConnectionRegistry(maximumSessions: 1, maximumConnectionsPerAddress: 1),
                               serverEnvironment: environment)
    }

    @Test func theAppsArgumentsComeFromTheIdentity() {
        let launcher = launcher(environment: [:])
        #expect(launcher.configuration.appArguments(SSHIdentity(account: "alice@example.com")) == ["--generate", "10", "--restore"])
        #expect(launcher.configuration.appArguments(.guest()) == ["--generate", "10"])
    }

    @Test func theEnvironmentIsTheServersChoiceWithTheClientsTerminalTypeAndTheIdentity() {
        let launcher = launcher(environment: [
            "PATH": "/usr/bin", "HOME": "/root", "LANG": "C", "SECRET_TOKEN": "x", "NO_COLOR": "1",
        ])
        let alice = SSHIdentity(account: "alice@example.com", publicKey: "ssh-ed25519 AAAA")
        #expect(launcher.environment(terminalType: "xterm-256color", identity: alice, client: "127.0.0.1") == [
            "PATH": "/usr/bin", "HOME": "/root", "NO_COLOR": "1", "LANG": "C.UTF-8", "TERM": "xterm-256color",
            "DEMO_MODE": "served", "SHOJI_SSH_SESSION": "account", "SHOJI_SSH_ACCOUNT": "alice@example.com",
            "SHOJI_SSH_PUBLIC_KEY": "ssh-ed25519 AAAA", "SHOJI_SSH_CLIENT": "127.0.0.1", "SHOJI_SSH_ACCESS": "listed",
        ])
        let guest = launcher.environment(terminalType: "vt100", identity: .guest(), client: "::1")
        #expect(guest["SHOJI_SSH_SESSION"] == "guest")
        #expect(guest["SHOJI_SSH_ACCOUNT"] == nil && guest["SHOJI_SSH_PUBLIC_KEY"] == nil)
    }

    @Test func theServersIdentityVariablesWinOverTheConfigurations() {
        var configuration = SSHAppServer.Configuration(appName: "demo", appExecutable: "/bin/demo", hostKeyPath: "/x")
        configuration.appEnvironment = ["SHOJI_SSH_ACCOUNT": "mallory@example.com"]
        let launcher = SessionLauncher(configuration: configuration,
                                       registry: ConnectionRegistry(maximumSessions: 1, maximumConnectionsPerAddress: 1),
                                       serverEnvironment: [:])
        #expect(launcher.environment(terminalType: "vt100", identity: .guest(), client: "x")["SHOJI_SSH_ACCOUNT"] == nil)
        let alice = launcher.environment(terminalType: "vt100", identity: SSHIdentity(account: "alice@example.com"), client: "x")
        #expect(alice["SHOJI_SSH_ACCOUNT"] == "alice@example.com")
    }

    @Test func aTerminalTypeThatIsNotANameBecomesUnknown() {
        let launcher = launcher(environment: ["LANG": "en_US.UTF-8"])
        func term(_ type: String) -> String? { launcher.environment(terminalType: type, identity: .guest(), client: "x")["TERM"] }
        #expect(term("xterm\u{1b}[31m") == "unknown")
        #expect(term("") == "unknown")
        #expect(term(String(repeating: "x", count: 65)) == "unknown")
        #expect(term("screen.xterm-256color") == "screen.xterm-256color")
        #expect(launcher.environment(terminalType: "vt100", identity: .guest(), client: "x")["LANG"] == "en_US.UTF-8")
    }
}
