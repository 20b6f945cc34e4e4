import Foundation
import NIOConcurrencyHelpers
import NIOSSH
@testable import ShojiSSH
import Testing

/// The second round of attacks on a served app (issue 37), each made for
/// real against a server in this process: with swift-nio-ssh as a client
/// that says what OpenSSH would not, or with OpenSSH itself.
@Suite(.serialized) struct ServedSafelyTests {
    /// A: unauthenticated connections each sending a password (scrypt on
    /// the server) used to start a check each, at once, on a global queue,
    /// and went on after the client left. Now the checks wait for a small
    /// pool, those of a closed connection are dropped, and keys never wait.
    @Test func passwordChecksAreBoundedDroppedWithTheirClientAndKeysDoNotWait() throws {
        let accounts = SlowPasswords(seconds: 0.5)
        let server = try ServerUnderTest(script: "echo running; sleep 0.2", accounts: accounts) {
            $0.passwordAuthentication = true
            $0.unauthenticatedEarlyDropStart = 100  // the flood is about passwords here
            $0.limits.maximumPendingPerAddress = 100  // and comes from one address
        }
        var flood = try (0..<12).map { try TestSSHClient(port: server.port, user: "x\($0)@example.com", key: nil,
                                                          password: "guess") }
        #expect(accounts.waitUntilStarted(1))
        usleep(300_000)
        let asked = Date()
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let session = try client.startApp()
        #expect(session.waitForOutput("running"))
        let keyLogin = Date().timeIntervalSince(asked)
        flood.removeAll()
        usleep(200_000)
        let whenTheyLeft = accounts.started
        usleep(1_500_000)
        #expect(accounts.mostAtOnce <= SSHAppServer.Configuration.defaultPasswordCheckers,
                "\(accounts.mostAtOnce) password checks ran at once")
        #expect(accounts.started - whenTheyLeft <= SSHAppServer.Configuration.defaultPasswordCheckers,
                "checks went on after their clients left: \(whenTheyLeft) -> \(accounts.started)")
        #expect(accounts.started < 12, "every check ran though its client left")
        #expect(keyLogin < 2, "a key login took \(keyLogin) s behind the password checks")
    }

    /// B: a key linked to an account in the app, then deleted from the
    /// authorized keys file, used to go on signing in as the account.
    @Test func aLinkedKeyIsRefusedOnceItsLineIsDeleted() throws {
        let server = try ServerUnderTest(script: "echo running; sleep 0.2",
                                         accounts: LinkedAccounts(account: "alice@example.com"))
        let listed = try TestSSHClient(port: server.port, user: "alice@example.com", key: server.listedKey)
        let session = try listed.startApp()
        #expect(session.waitForOutput("running"))
        #expect(server.waitForLog("(linked)"))
        try "# the operator deleted the key\n".write(toFile: server.folder + "/authorized_keys", atomically: true,
                                                       encoding: .utf8)
        let revoked = try TestSSHClient(port: server.port, user: "alice@example.com", key: server.listedKey)
        #expect(throws: (any Error).self) { try revoked.openSession() }
        #expect(server.waitForLog("not authorized"))
    }

    /// H: a key the operator bound to an account (in the server's
    /// database, `SSHAccounts.account(boundTo:)`) signs in as that account
    /// by itself, unlisted and whatever the ssh user name; a key a user
    /// linked still needs its line.
    @Test func aKeyTheOperatorBoundSignsInAsItsAccountWithoutALine() throws {
        let server = try ServerUnderTest(script: #"echo "as=$SHOJI_SSH_SESSION:$SHOJI_SSH_ACCOUNT"; sleep 0.2"#,
                                         accounts: BoundAccounts(account: "ops@example.com"))
        try "# no keys listed\n".write(toFile: server.folder + "/authorized_keys", atomically: true, encoding: .utf8)
        let ops = try OpenSSHClient(port: server.port, user: "root",
                                    options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes", "-t"])
        #expect(ops.waitFor("as=account:ops@example.com"), "\(ops.text)")
        #expect(ops.waitForExit() == 0)
        #expect(server.waitForLog("(bound)"))
    }

    /// D: a few connections from one address could take every session.
    @Test func oneAddressCannotTakeEverySession() throws {
        let server = try ServerUnderTest(script: "echo running; sleep 60") { configuration in
            configuration.maximumSessions = 12
            configuration.maximumSessionsPerAddress = 3
            configuration.access = .everyone
        }
        var kept: [(TestSSHClient, TestSession)] = []
        for _ in 0..<3 {
            let client = try TestSSHClient(port: server.port, user: "demo", key: NIOSSHPrivateKey(ed25519Key: .init()))
            let session = try client.startApp()
            #expect(session.waitForOutput("running"))
            kept.append((client, session))
        }
        let greedy = try TestSSHClient(port: server.port, user: "demo", key: NIOSSHPrivateKey(ed25519Key: .init()))
        let fourth = try greedy.startApp()
        #expect(fourth.waitForExit() == 1)
        #expect(fourth.errors.contains("demo: too many sessions from your address (3)"), "\(fourth.errors)")
        #expect(!fourth.output.contains("running"))
        #expect(kept.count == 3)
    }

    /// E: a user name of tens of kilobytes used to reach the log whole.
    @Test func aHugeUserNameIsCutInTheLogWithItsLength() throws {
        let server = try ServerUnderTest(script: "echo running")
        let name = String(repeating: "n", count: 20_000)
        let stranger = try TestSSHClient(port: server.port, user: name, key: NIOSSHPrivateKey(ed25519Key: .init()))
        #expect(throws: (any Error).self) { try stranger.openSession() }
        #expect(server.waitForLog("authentication failed"))
        let line = try #require(server.logs.all.first { $0.contains("authentication failed") })
        #expect(line.utf8.count < 1024, "a log line of \(line.utf8.count) bytes")
        #expect(line.contains("(20000 bytes)"), "\(line.prefix(400))")
    }

    /// F: `ssh -L PORT:/some.sock` opens a `direct-streamlocal@openssh.com`
    /// channel, a type swift-nio-ssh cannot parse: it used to drop the
    /// connection and hang up the running app.
    @Test func anUnknownChannelTypeIsRefusedAndTheSessionGoesOn() throws {
        let server = try ServerUnderTest(script: "echo ready; sleep 2; echo still-here")
        let forward = try freePort()
        let ssh = try OpenSSHClient(port: server.port, options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes",
                                                                 "-L", "127.0.0.1:\(forward):/some.sock", "-t"])
        #expect(ssh.waitFor("ready"), "\(ssh.text)")
        let probe = try PlainConnection(port: forward)
        #expect(probe.waitForClose(timeout: 5))
        #expect(ssh.waitFor("still-here"), "\(ssh.text)")
        #expect(ssh.waitForExit() == 0, "\(ssh.text)")
        #expect(server.waitForLog("type=direct-streamlocal@openssh.com"))
    }

    /// G: behind `--proxy-protocol`, connections that never sent the header
    /// counted against no limit and were held for the whole login grace time.
    @Test func connectionsWithoutAProxyHeaderAreCappedPerAddressAndCutShort() throws {
        let server = try ServerUnderTest(script: "echo running") { configuration in
            configuration.proxyProtocol = true
            configuration.maximumConnectionsPerAddress = 2
            configuration.proxyHeaderTimeout = 1
            configuration.loginGraceTime = 30
        }
        let silent = try (0..<2).map { _ in try PlainConnection(port: server.port) }
        usleep(300_000)
        let third = try PlainConnection(port: server.port)
        #expect(third.waitForClose(timeout: 0.5), "a third silent connection from one address was kept")
        #expect(server.waitForLog("too many connections from this address"))
        let started = Date()
        #expect(silent[0].waitForClose(timeout: 5))
        #expect(Date().timeIntervalSince(started) < 2, "held until the login grace time")
    }

    private func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Accounts whose password check takes `seconds` (as scrypt does) and
/// never succeeds, counting how many ran and how many at once.
private final class SlowPasswords: SSHAccounts {
    private struct State {
        var started = 0
        var running = 0
        var mostAtOnce = 0
    }

    private let seconds: Double
    private let state = NIOLockedValueBox(State())

    init(seconds: Double) {
        self.seconds = seconds
    }

    var started: Int { state.withLockedValue { $0.started } }
    var mostAtOnce: Int { state.withLockedValue { $0.mostAtOnce } }

    func waitUntilStarted(_ count: Int, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while started < count, Date() < deadline { usleep(10_000) }
        return started >= count
    }

    func accountExists(_ account: String) -> Bool { true }
    func account(linkedTo publicKey: String) -> String? { nil }

    func account(user: String, password: String) -> String? {
        state.withLockedValue { state in
            state.started += 1
            state.running += 1
            state.mostAtOnce = max(state.mostAtOnce, state.running)
        }
        usleep(UInt32(seconds * 1_000_000))
        state.withLockedValue { $0.running -= 1 }
        return nil
    }
}

/// Accounts where every key is linked to `account`.
private struct LinkedAccounts: SSHAccounts {
    let account: String
    func accountExists(_ account: String) -> Bool { account == self.account }
    func account(linkedTo publicKey: String) -> String? { account }
    func account(user: String, password: String) -> String? { nil }
}
