import ShojiSSH
import ShojiSessions
import Testing
@testable import ShojiWeb

/// The browser server's command line: its limits are `SessionServeOptions`,
/// the group ShojiSSH's options include too, so every limit has one flag,
/// one default and one meaning on both transports.
struct WebServeOptionsTests {
    private static let limits = [
        "--max-sessions", "20", "--max-sessions-per-address", "3", "--max-per-address", "6", "--max-pending", "40",
        "--max-pending-per-address", "2", "--idle-timeout", "30", "--input-grace", "7", "--max-terminal-size", "100x40",
    ]

    @Test func theLimitsAreTheSameOptionsAsOverSSH() throws {
        let web = try WebServeOptions.parse(Self.limits + ["--public"])
        let configuration = try web.apply(to: WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat"))
        var ssh = SSHAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat", hostKeyPath: "/k")
        try SSHServeOptions.parse(Self.limits).apply(to: &ssh)
        #expect(configuration.limits == ssh.limits)
        #expect(configuration.limits.maximumSessionsPerAddress == 3 && configuration.limits.inputGracePeriod == 7)
        #expect(configuration.maximumConnectionsPerAddress == 6 && configuration.maximumConnections == 40)
    }

    @Test func theDefaultsAreSessionLimitsWith512PendingConnections() throws {
        let configuration = try WebServeOptions.parse(["--public"])
            .apply(to: WebAppServer.Configuration(appName: "demo", appExecutable: "/bin/cat"))
        var expected = SessionLimits()
        expected.maximumPendingConnections = 512
        #expect(configuration.limits == expected)
        #expect(configuration.limits.inputGracePeriod == 60 && configuration.limits.maximumPendingPerAddress == 8)
    }

    @Test func aBadLimitIsACommandLineMistake() {
        #expect(throws: (any Error).self) { try WebServeOptions.parse(["--input-grace", "0"]) }
        #expect(throws: (any Error).self) { try WebServeOptions.parse(["--max-pending-per-address", "0"]) }
    }
}
