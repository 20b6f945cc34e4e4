import Testing
@testable import ShojiSSH

/// `SSHServeOptions`: the ready-made command line of an app's server. Each
/// option given sets its field of the configuration; the rest keep what
/// the app chose; bad values are command-line mistakes.
struct SSHServeOptionsTests {
    private func appConfiguration() -> SSHAppServer.Configuration {
        var configuration = SSHAppServer.Configuration(appName: "notes", appExecutable: "/bin/notes",
                                                       hostKeyPath: "/state/ssh_host_ed25519_key")
        configuration.port = 2223
        return configuration
    }

    @Test func everyOptionGivenSetsItsField() throws {
        let options = try SSHServeOptions.parse([
            "--port", "0", "--host", "0.0.0.0", "--host-key", "/k", "--authorized-keys", "/a", "--public",
            "--password-auth", "--proxy-protocol", "--max-sessions", "3", "--max-sessions-per-connection", "2",
            "--max-per-address", "5", "--max-unauthenticated", "7", "--max-terminal-size", "100x40",
            "--idle-timeout", "9", "--grace-period", "0", "--login-grace-time", "4", "--failed-auth-delay", "0.5",
        ])
        var configuration = appConfiguration()
        options.apply(to: &configuration)
        #expect(configuration.port == 0 && configuration.host == "0.0.0.0")
        #expect(configuration.hostKeyPath == "/k" && configuration.authorizedKeysPath == "/a")
        #expect(configuration.access == .everyone && configuration.passwordAuthentication && configuration.proxyProtocol)
        #expect(configuration.maximumSessions == 3 && configuration.maximumSessionsPerConnection == 2)
        #expect(configuration.maximumConnectionsPerAddress == 5 && configuration.maximumUnauthenticatedConnections == 7)
        #expect(configuration.maximumTerminalSize == TerminalSize(columns: 100, rows: 40))
        #expect(configuration.idleTimeout == 9 && configuration.shutdownGracePeriod == 0)
        #expect(configuration.loginGraceTime == 4 && configuration.failedAuthenticationDelay == 0.5)
    }

    @Test func optionsNotGivenKeepTheAppsValues() throws {
        let options = try SSHServeOptions.parse([])
        var configuration = appConfiguration()
        configuration.access = .everyone
        options.apply(to: &configuration)
        #expect(configuration.port == 2223, "the app's own default port")
        #expect(configuration.access == .everyone, "no --public does not take the app's public mode away")
        let defaults = appConfiguration()
        #expect(configuration.host == defaults.host && configuration.hostKeyPath == defaults.hostKeyPath)
        #expect(configuration.maximumSessions == defaults.maximumSessions)
        #expect(configuration.maximumTerminalSize == defaults.maximumTerminalSize)
        #expect(configuration.idleTimeout == defaults.idleTimeout)
    }

    @Test(arguments: [
        (["--port", "70000"], "--port must be between 0 and 65535"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--max-per-address=-1"], "--max-per-address must be at least 1"),
        (["--max-terminal-size", "10x2"], "--max-terminal-size takes COLSxROWS"),
        (["--max-terminal-size", "wide"], "--max-terminal-size takes COLSxROWS"),
        (["--idle-timeout", "0"], "--idle-timeout must be more than 0 seconds"),
    ])
    func aBadValueIsACommandLineMistake(arguments: [String], message: String) {
        do {
            _ = try SSHServeOptions.parse(arguments)
            Issue.record("\(arguments) must not parse")
        } catch {
            #expect(SSHServeOptions.message(for: error).contains(message), "\(SSHServeOptions.message(for: error))")
            #expect(SSHServeOptions.exitCode(for: error).rawValue == 64)
        }
    }

    @Test func theHelpListsTheOptionsButNotTheTestOnes() {
        let help = SSHServeOptions.helpMessage()
        for option in ["--port", "--host", "--host-key", "--authorized-keys", "--public", "--max-sessions",
                       "--max-per-address", "--max-terminal-size", "--idle-timeout", "--proxy-protocol",
                       "--input-grace", "--max-pending", "--max-pending-per-address", "--max-sessions-per-address"] {
            #expect(help.contains(option), "\(option)")
        }
        #expect(!help.contains("--grace-period") && !help.contains("--failed-auth-delay"))
    }
}
