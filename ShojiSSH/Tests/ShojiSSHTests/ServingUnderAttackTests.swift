import Foundation
import NIOCore
import NIOSSH
@testable import ShojiSSH
import Testing

/// Each attack a client could make on a served app, made for real against
/// a server in this process: with swift-nio-ssh as a client that says what
/// OpenSSH would not, or with the OpenSSH client on a terminal of its own.
@Suite(.serialized) struct ServingUnderAttackTests {
    private static let hostile = "evil\u{1B}]2;PWNED\u{07}\u{1B}[31mRED\nFAKE log line"

    /// A: a user name and a terminal name full of escapes reach the log as text.
    @Test func whatTheClientNamesIsEscapedInTheLog() throws {
        let server = try ServerUnderTest(script: "echo started; sleep 0.2")
        let client = try TestSSHClient(port: server.port, user: Self.hostile, key: server.listedKey)
        let session = try client.openSession()
        try session.requestTerminal(columns: 80, rows: 24, term: "xterm\u{1B}]0;TITLE\u{07}")
        try session.startShell()
        #expect(session.waitForOutput("started"))
        #expect(server.waitForLog("session started"))
        let stranger = try TestSSHClient(port: server.port, user: Self.hostile, key: NIOSSHPrivateKey(ed25519Key: .init()))
        #expect(throws: (any Error).self) { try stranger.openSession() }
        #expect(server.waitForLog("authentication failed"))
        let lines = server.logs.all
        #expect(lines.allSatisfy { !$0.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\n" } },
                "\(lines)")
        #expect(lines.contains { $0.hasPrefix("info authenticated") && $0.contains(#"user=evil\x1b]2;PWNED\x07\x1b[31mRED\nFAKE log line"#) })
        #expect(lines.contains { $0.contains("session started") && $0.contains(#"term=xterm\x1b]0;TITLE\x07"#) })
        #expect(lines.contains { $0.contains("authentication failed") && $0.contains(#"user=evil\x1b]2;PWNED"#) })
    }

    /// B: `ssh -X` with a display sends `x11-req` with a cookie, which
    /// swift-nio-ssh's parser took for a malformed packet and dropped the
    /// connection. Now it is refused and the session goes on.
    @Test func x11ForwardingIsRefusedAndTheSessionGoesOn() throws {
        let server = try ServerUnderTest(script: "echo session-ran; sleep 0.3")
        let ssh = try OpenSSHClient(port: server.port, options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes",
                                                                 "-X", "-o", "ForwardX11=yes", "-t"],
                                    environment: ["DISPLAY": ":99"])
        #expect(ssh.waitFor("session-ran"), "\(ssh.text)")
        #expect(ssh.waitForExit() == 0, "\(ssh.text)")
        #expect(ssh.text.contains("X11 forwarding request failed"), "\(ssh.text)")
    }

    /// C: a paste far larger than the pty holds, into an app that reads
    /// slowly: reading the client resumes each time the pty drains, and the
    /// keys after it still arrive.
    @Test func aTenMebibytePasteArrivesWholeAndKeysStillWork() throws {
        let size = 10 << 20
        let server = try ServerUnderTest(script: """
            stty raw -echo; echo ready; sleep 1; head -c \(size) > /dev/null && echo got-all; head -c 1 > /dev/null; echo after-key
            """)
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let session = try client.openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        #expect(session.waitForOutput("ready"))
        try session.type([UInt8](repeating: UInt8(ascii: "x"), count: size))
        #expect(session.waitForOutput("got-all", timeout: 60), "\(session.output.suffix(200))")
        try session.type(Array("q".utf8))
        #expect(session.waitForOutput("after-key"))
        #expect(session.waitForExit() == 0)
    }

    /// D: a client advertising a 2 GiB window that then stops reading its
    /// socket, while its app floods output: the server keeps about a
    /// socket's high-water mark, not everything the app writes.
    @Test func aClientThatStopsReadingDoesNotGrowTheServer() throws {
        let server = try ServerUnderTest(script: "stty raw -echo; exec yes 0123456789abcdef0123456789abcdef0123456789")
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey,
                                       maximumPacketSize: 32 << 20)
        let session = try client.openSession()
        try session.requestTerminal(columns: 400, rows: 150)
        try session.startShell()
        let started = Date().addingTimeInterval(10)
        while session.received < 1 << 20, Date() < started { usleep(10_000) }
        try client.stopReading()
        usleep(2_000_000)
        let buffered = try server.server.bufferedOutboundBytes()
        usleep(1_000_000)
        let later = try server.server.bufferedOutboundBytes()
        #expect(buffered < 4 << 20, "the server kept \(buffered) bytes for a client that reads nothing")
        #expect(later - buffered < 1 << 20, "and kept growing: \(buffered) -> \(later)")
    }

    /// E: a terminal of 5000x5000 would cost the app gigabytes.
    @Test func aHugeTerminalIsRefusedAndAHugeWindowChangeClamped() throws {
        let server = try ServerUnderTest(script: "trap 'stty size' WINCH; echo ready; while :; do sleep 0.05; done")
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let huge = try client.openSession()
        try huge.requestTerminal(columns: 5000, rows: 5000)
        try huge.startShell()
        #expect(huge.waitForExit() == 2)
        #expect(huge.errors.contains("demo: the terminal is 5000x5000; this server draws at most 640x256"), "\(huge.errors)")
        let session = try client.openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        #expect(session.waitForOutput("ready"))
        try session.changeWindow(columns: 5000, rows: 5000)
        #expect(session.waitForOutput("256 640"), "\(session.output)")
        #expect(server.waitForLog("window change clamped"))
    }

    /// F: OpenSSH's MaxSessions: one connection cannot take every place.
    @Test func oneConnectionCannotTakeEverySession() throws {
        let server = try ServerUnderTest(script: "echo running; sleep 60") { configuration in
            configuration.maximumSessions = 4
            configuration.maximumSessionsPerConnection = 2
        }
        let greedy = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        var sessions: [TestSession] = []
        for _ in 0..<2 {
            let session = try greedy.openSession()
            try session.requestTerminal(columns: 80, rows: 24)
            try session.startShell()
            sessions.append(session)
        }
        #expect(throws: (any Error).self) { try greedy.openSession() }
        #expect(server.waitForLog("this connection has its 2 sessions"))
        let other = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let session = try other.openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        #expect(session.waitForOutput("running"))
        #expect(sessions.allSatisfy { $0.waitForOutput("running") })
    }

    /// OpenSSH's MaxStartups: connections that never authenticate, from any
    /// number of addresses, hold at most so many places.
    @Test func connectionsStillAuthenticatingAreCappedOverall() throws {
        let server = try ServerUnderTest(script: "echo running") { $0.maximumUnauthenticatedConnections = 2 }
        let idle = try (0..<2).map { _ in try PlainConnection(port: server.port) }
        #expect(server.waitForLog("connection opened") && server.server.unauthenticatedConnections == 2)
        let third = try PlainConnection(port: server.port)
        #expect(third.waitForClose(timeout: 5))
        #expect(server.waitForLog("too many connections still authenticating"))
        _ = idle.first.map { $0.close() }
        let deadline = Date().addingTimeInterval(5)
        while server.server.unauthenticatedConnections > 1, Date() < deadline { usleep(20_000) }
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let session = try client.openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        #expect(session.waitForOutput("running"))
    }

    /// G: OpenSSH asks with "none" first; public mode used to accept it, so
    /// a listed or linked key never signed in and could never be linked.
    @Test func publicModeStillSignsKeysInAndLetsKeylessClientsIn() throws {
        let server = try ServerUnderTest(
            script: #"echo "as=$SHOJI_SSH_SESSION:$SHOJI_SSH_ACCOUNT key=${SHOJI_SSH_PUBLIC_KEY:+yes}"; sleep 0.2"#,
            accounts: BoundAccounts(account: "alice@example.com")) { $0.access = .everyone }
        let alice = try OpenSSHClient(port: server.port, user: "alice@example.com",
                                      options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes", "-t"])
        #expect(alice.waitFor("as=account:alice@example.com key=yes"), "\(alice.text)")
        #expect(alice.waitForExit() == 0)
        let keyless = try OpenSSHClient(port: server.port, options: ["-o", "PubkeyAuthentication=no", "-t"])
        #expect(keyless.waitFor("as=guest: key="), "\(keyless.text)")
        #expect(!keyless.text.lowercased().contains("password"), "asked nothing: \(keyless.text)")
        #expect(keyless.waitForExit() == 0)
        #expect(server.waitForLog("keyboard-interactive (public)"))
    }

    /// SSH keepalives (`ServerAliveInterval`) are not a user at the keyboard.
    @Test func keepalivesDoNotKeepAnIdleSessionOpen() throws {
        let server = try ServerUnderTest(script: "echo ready; sleep 60") { $0.idleTimeout = 2 }
        let ssh = try OpenSSHClient(port: server.port, options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes",
                                                                 "-o", "ServerAliveInterval=1", "-t"])
        #expect(ssh.waitFor("ready"))
        #expect(ssh.waitFor("no input for 2 s; disconnected", timeout: 8), "\(ssh.text)")
        #expect(ssh.waitForExit() != nil)
    }

    /// Finding F of issue 49: sessions that never send a key held their
    /// places for the idle timeout (900 s). Now a session whose user types
    /// nothing within the input grace period is hung up, keepalives and
    /// window changes or not; one that typed stays.
    @Test func aSessionThatNeverTypesIsHungUpAfterTheGracePeriod() throws {
        let server = try ServerUnderTest(script: "echo ready; sleep 60") { $0.limits.inputGracePeriod = 2 }
        let silent = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let resizing = try silent.openSession()
        try resizing.requestTerminal(columns: 80, rows: 24)
        try resizing.startShell()
        let typist = try OpenSSHClient(port: server.port, options: ["-i", server.listedKeyPath, "-o", "IdentitiesOnly=yes",
                                                                    "-o", "ServerAliveInterval=1", "-t"])
        #expect(resizing.waitForOutput("ready") && typist.waitFor("ready"))
        typist.type("x")
        let started = Date()
        for columns in 81...83 {
            usleep(500_000)
            try? resizing.changeWindow(columns: columns, rows: 24)
        }
        _ = resizing.waitForExit(timeout: 8)
        #expect((resizing.output + resizing.errors).contains("no key within 2 s; disconnected"),
                "\(resizing.output)\(resizing.errors)")
        #expect(Date().timeIntervalSince(started) < 6)
        #expect(typist.waitForExit(timeout: 1) == nil, "the client that typed was hung up: \(typist.text)")
        #expect(!typist.text.contains("no key within"))
    }

    /// I: `printf '# Jos\xe9\n...'`: a byte that is not UTF-8 used to make
    /// the whole file unreadable, refusing every key.
    @Test func aStrayByteInTheAuthorizedKeysCostsOnlyItsLine() throws {
        let server = try ServerUnderTest(script: "echo running", authorizedKeysText: { keyLine in
            Array("# Jos".utf8) + [0xE9] + Array("\n\(keyLine)\n".utf8)
        })
        let client = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let session = try client.openSession()
        try session.requestTerminal(columns: 80, rows: 24)
        try session.startShell()
        #expect(session.waitForOutput("running"))
        // Edited while running: a bad key line is skipped, the rest still let in.
        let path = server.folder + "/authorized_keys"
        let line = String(openSSHPublicKey: server.listedKey.publicKey)
        _ = FileManager.default.createFile(atPath: path, contents: Data(Array("caf".utf8) + [0xE9] + Array("\n\(line)\n".utf8)))
        let again = try TestSSHClient(port: server.port, user: "demo", key: server.listedKey)
        let second = try again.openSession()
        try second.requestTerminal(columns: 80, rows: 24)
        try second.startShell()
        #expect(second.waitForOutput("running"))
        #expect(server.waitForLog("line 1: not valid UTF-8 (line skipped)"))
    }

    /// H: a key deleted from the file while its session is open cannot be
    /// linked from that session; in public mode every key may be.
    @Test func aKeyNoLongerListedIsNotAdmitted() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("admit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/authorized_keys"
        let key = String(openSSHPublicKey: NIOSSHPrivateKey(ed25519Key: .init()).publicKey)
        try (key + " laptop\n").write(toFile: path, atomically: true, encoding: .utf8)
        let listed = ["SHOJI_SSH_ACCESS": "listed", "SHOJI_SSH_AUTHORIZED_KEYS": path]
        #expect(SSHSessionEnvironment.isKeyAdmitted(key, environment: listed))
        try "# revoked\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(!SSHSessionEnvironment.isKeyAdmitted(key, environment: listed))
        #expect(SSHSessionEnvironment.isKeyAdmitted(key, environment: ["SHOJI_SSH_ACCESS": "public"]))
        #expect(!SSHSessionEnvironment.isKeyAdmitted(key, environment: [:]), "no server said so: no")
    }
}

/// Accounts where the operator bound every key to `account`.
struct BoundAccounts: SSHAccounts {
    let account: String
    func accountExists(_ account: String) -> Bool { account == self.account }
    func account(linkedTo publicKey: String) -> String? { account }
    func account(user: String, password: String) -> String? { nil }
    func account(boundTo publicKey: String) -> String? { account }
}
