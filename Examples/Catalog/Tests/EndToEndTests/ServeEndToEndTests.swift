import Foundation
import ShojiEndToEnd
import Testing

/// `catalog serve` driven with Debian's OpenSSH client in tmux terminals:
/// who gets in, what they see, resizes, how sessions end, limits, shutdown,
/// and that no app process is ever left behind.
@Suite(.serialized)
struct ServeEndToEndTests {
    /// A terminal running `ssh ...; echo "exit1=$?"`, so the test can read
    /// the client's exit status (the app's, passed through).
    private func connect(_ server: ServedCatalog, key: String = "guest", user: String = "demo",
                         width: Int = 80, height: Int = 24, environment: String = "") throws -> AppSession {
        let session = try AppSession(width: width, height: height, dataDirectory: server.dataDirectory)
        try session.terminal.run("clear; \(environment) \(server.ssh(key: key, user: user)); echo \"exit1=$?\"")
        return session
    }

    @Test func aListedKeyOpensTheAppWhichFollowsResizesAndQuitsWithItsStatus() throws {
        let server = try ServedCatalog()
        try server.start()
        let client = try connect(server)
        var screen = try client.openList()
        #expect(screen[2] == AppFlowEndToEndTests.row("iPhone", "2007"))

        try client.terminal.resize(width: 100, height: 30)
        screen = try client.waitFor { $0.count >= 30 && $0[3] == AppFlowEndToEndTests.row("iPhone 3G", "2008", width: 100) }
        #expect(screen[29] == AppFlowEndToEndTests.listFooter)

        try client.press("q")
        let ended = try client.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(ended.contains("exit1=0"))
        #expect(server.waitForNoApps().isEmpty)
        #expect(server.log.contains("session started"))
        #expect(server.log.contains("status=exit 0"))
    }

    @Test func keysAndPasswordsThatAreNotAllowedAreRefused() throws {
        let server = try ServedCatalog()
        try makeAlice(in: server)
        try server.start(["--password-auth"])

        let stranger = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "stranger") + " -T"])
        #expect(stranger.status == 255)
        #expect(stranger.standardError.contains("Permission denied"))

        let askpass = try passwordHelper(in: server, password: "wrong password")
        let wrong = try Subprocess.run("/bin/sh", ["-c", passwordLogin(server, askpass: askpass) + " -T"])
        #expect(wrong.status == 255)
        #expect(wrong.standardError.contains("Permission denied"))
        #expect(server.log.contains("authentication failed"))
        #expect(!server.log.contains("wrong password"), "a password reached the log")
        #expect(server.appPids().isEmpty)
    }

    @Test func theRightPasswordOrAnAccountsKeySignsInAsThatAccount() throws {
        let server = try ServedCatalog()
        try makeAlice(in: server)
        try server.linkInApp(key: "alice", to: ServedCatalog.alice)
        try server.start(["--password-auth"])

        let askpass = try passwordHelper(in: server, password: ServedCatalog.alicePassword)
        let byPassword = try AppSession(dataDirectory: server.dataDirectory)
        try byPassword.terminal.run("clear; \(passwordLogin(server, askpass: askpass)); echo \"exit1=$?\"")
        try byPassword.waitFor(text: "51 items")
        try byPassword.press("3")
        try byPassword.waitFor(text: ServedCatalog.alice)
        try byPassword.press("q")
        #expect(try byPassword.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))

        // Signed-in sessions reopen where the last one quit: the Account tab.
        let byKey = try connect(server, key: "alice", user: ServedCatalog.alice)
        let screen = try byKey.waitFor(text: ServedCatalog.alice)
        #expect(screen.first == " catalog › Account")
        try byKey.press("q")
        #expect(try byKey.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
        #expect(server.log.contains("method=password"))
    }

    /// A public demo: a stranger's key, and a client with no key at all, get
    /// guest sessions, and nothing more (Alice's account needs her password
    /// or her key). OpenSSH asks with "none" first: public mode refuses it,
    /// so Alice's linked key still signs her in, and a client without a key
    /// gets in through keyboard-interactive, asked nothing.
    @Test func publicModeLetsAnyoneInAsAGuestAndNothingMore() throws {
        let server = try ServedCatalog()
        try makeAlice(in: server)
        try server.linkInApp(key: "alice", to: ServedCatalog.alice)
        try server.start(["--public"])
        let stranger = try connect(server, key: "stranger", user: ServedCatalog.alice)
        try stranger.waitFor(text: "51 items")
        try stranger.press("3")
        try stranger.waitFor(text: "Browsing as a guest")
        try stranger.press("q")
        #expect(try stranger.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))

        let alice = try connect(server, key: "alice", user: ServedCatalog.alice)
        try alice.waitFor(text: "51 items")
        try alice.press("3")
        try alice.waitFor(text: "Signed in as \(ServedCatalog.alice)")
        try alice.press("q")
        #expect(try alice.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))

        let keyless = try AppSession(dataDirectory: server.dataDirectory)
        try keyless.terminal.run("clear; /usr/bin/ssh -p \(server.port) -o PubkeyAuthentication=no "
            + "-o PasswordAuthentication=no -o IdentityAgent=none "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l anyone 127.0.0.1; "
            + "echo \"exit1=$?\"")
        try keyless.waitFor(text: "51 items")
        try keyless.press("q")
        #expect(try keyless.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
        #expect(server.log.contains("keyboard-interactive (public)"))
        #expect(!(try keyless.terminal.screen().joined().lowercased().contains("password")))
        #expect(server.waitForNoApps().isEmpty)
    }

    /// Without --public, the same stranger is refused (the mode is off by default).
    @Test func withoutPublicModeAClientWithNoKeyIsRefused() throws {
        let server = try ServedCatalog()
        try server.start()
        let keyless = try Subprocess.run("/bin/sh", ["-c", "/usr/bin/ssh -p \(server.port) -o PubkeyAuthentication=no "
            + "-o PasswordAuthentication=no -o KbdInteractiveAuthentication=no -o IdentityAgent=none -o BatchMode=yes "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l anyone 127.0.0.1 -T"])
        #expect(keyless.status == 255)
        #expect(keyless.standardError.contains("Permission denied"))
    }

    /// A guest key's user signs in inside the app, links the key on the
    /// Account tab, and the next connection with it is signed in as them.
    @Test func aKeyLinkedOnTheAccountTabSignsInNextTime() throws {
        let server = try ServedCatalog()
        try makeAlice(in: server)
        try server.start()
        let first = try connect(server, key: "guest")
        try first.waitFor(text: "51 items")
        try signInAsAlice(first)
        var screen = try first.waitFor(text: "[ Link this key ]")
        #expect(screen.has("Signed in as \(ServedCatalog.alice)"))
        try first.press("Tab", "Enter")
        screen = try first.waitFor(text: "[ Unlink this key ]")
        #expect(screen.has("Linked: connecting with this key now signs you in as \(ServedCatalog.alice)."))
        try first.press("q")
        #expect(try first.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))

        let second = try connect(server, key: "guest")
        screen = try second.waitFor(text: "Signed in as \(ServedCatalog.alice)")
        #expect(screen.first == " catalog › Account", "reopened where Alice left off")
        #expect(server.log.contains("(linked)"))
        // Unlinked, the key is a guest key again.
        try second.press("Tab", "Enter")
        try second.waitFor(text: "This key no longer signs you in.")
        try second.press("q")
        _ = try second.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        let third = try connect(server, key: "guest")
        try third.waitFor(text: "51 items")
        try third.press("3")
        try third.waitFor(text: "Browsing as a guest")
        try third.press("q")
        #expect(server.waitForNoApps().isEmpty)
    }

    /// The operator deletes a guest key's line while its session is open;
    /// signing in inside that session must not link the key back in.
    @Test func aKeyRevokedWhileItsSessionIsOpenCannotBeLinked() throws {
        let server = try ServedCatalog()
        try makeAlice(in: server)
        try server.start()
        let session = try connect(server, key: "guest")
        try session.waitFor(text: "51 items")
        let keysFile = server.dataDirectory + "/authorized_keys"
        let guestKey = try String(contentsOfFile: server.keyPath("guest") + ".pub", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let kept = try String(contentsOfFile: keysFile, encoding: .utf8).split(separator: "\n")
            .filter { $0 != guestKey }
        try (kept.joined(separator: "\n") + "\n").write(toFile: keysFile, atomically: true, encoding: .utf8)
        try signInAsAlice(session)
        try session.waitFor(text: "[ Link this key ]")
        try session.press("Tab", "Enter")
        try session.waitFor(text: "This key is no longer allowed here; it cannot be linked.")
        try session.press("q")
        _ = try session.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        let again = try connect(server, key: "guest")
        #expect(try again.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=255"),
                "the revoked key gets in no more")
    }

    @Test func droppingTheClientEndsItsApp() throws {
        let server = try ServedCatalog()
        try server.start()
        let client = try connect(server)
        try client.waitFor(text: "51 items")
        #expect(server.appPids().count == 1)
        let ssh = try #require(try client.terminal.foregroundPid())
        kill(ssh, SIGKILL)
        #expect(server.waitForNoApps(timeout: 8).isEmpty)
        #expect(server.log.contains("client left"))
    }

    @Test func twentyConcurrentSessionsEachReachTheListAndQuitLeavingNothing() throws {
        let server = try ServedCatalog()
        // Every client is on 127.0.0.1: lift that address's own caps (8
        // sessions, 8 connections still authenticating, early drops from
        // 10), and the input grace (a loaded machine may take its time to
        // show all twenty lists before the first key).
        try server.start(["--max-sessions-per-address", "20", "--max-pending-per-address", "20", "--early-drop", "40:30",
                          "--input-grace", "600"])
        let clients = try (0..<20).map { _ in try connect(server) }
        for client in clients { try client.waitFor(text: "51 items", timeout: 60) }
        #expect(server.appPids().count == 20)
        for client in clients { try client.press("Enter") }
        for client in clients {
            try client.waitFor(timeout: 30) { $0.first == " catalog › Home › List" && $0.has("iPhone 3GS") }
        }
        for client in clients { try client.press("q") }
        for client in clients {
            let screen = try client.terminal.waitFor(timeout: 30) { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
            #expect(screen.contains("exit1=0"))
        }
        #expect(server.waitForNoApps().isEmpty)
        #expect(server.log.components(separatedBy: "status=exit 0").count - 1 == 20)
    }

    @Test func withoutATerminalOrWithACommandTheClientIsToldWhy() throws {
        let server = try ServedCatalog()
        try server.start()
        for flag in ["-T", "-tt"] {
            // -tt without a terminal asks for a 0x0 one.
            let noTerminal = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "guest") + " \(flag)"])
            #expect(noTerminal.status == 2)
            #expect((noTerminal.standardError + noTerminal.standardOutput).contains("catalog: the catalog app needs a terminal"))
        }
        let command = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "guest") + " ls /"])
        #expect(command.status == 64)
        #expect(command.standardError.contains("runs the catalog app only"))
        let forward = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "guest") + " -T -W 127.0.0.1:22"])
        #expect(forward.status == 255)
        #expect(server.appPids().isEmpty)
    }

    @Test func aFullServerSaysSoAndTheHostKeySurvivesARestart() throws {
        let server = try ServedCatalog()
        try server.start(["--max-sessions", "1"])
        let firstKey = try hostKey(server)
        let first = try connect(server)
        try first.waitFor(text: "51 items")
        let second = try connect(server)
        let refused = try second.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(refused.contains("exit1=1"))
        #expect(refused.contains { $0.contains("catalog: the server is full (1 session); try again later") })
        try first.press("q")
        _ = try first.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(server.stop() == 0)

        try server.start()
        #expect(try hostKey(server) == firstKey)
        var status = stat()
        #expect(stat((server.dataDirectory as NSString).appendingPathComponent("ssh_host_ed25519_key"), &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
    }

    @Test func sigtermGivesSessionsTheirGracePeriodThenHangsUp() throws {
        let server = try ServedCatalog()
        try server.start(["--grace-period", "1"])
        let client = try connect(server)
        try client.waitFor(text: "51 items")
        let started = Date()
        #expect(server.stop() == 0)
        #expect(Date().timeIntervalSince(started) >= 1)
        let screen = try client.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }
        #expect(screen.contains("exit1=129"), "the app saves and ends on SIGHUP")
        #expect(screen.contains("catalog: the server is shutting down"))
        #expect(server.appPids().isEmpty)
        #expect(try client.terminal.paneValue("#{alternate_on}") == "0")
    }

    // MARK: helpers

    /// Alice's account, made through the app's own sign-up screen.
    /// From a guest session's Home: Account tab, sign in as Alice, back on
    /// the Account tab (where *Link this key* is).
    private func signInAsAlice(_ session: AppSession) throws {
        try session.press("3")
        try session.waitFor(text: "Browsing as a guest")
        try session.press("Enter")
        try session.waitForHeader(" catalog › Sign in")
        try session.type(ServedCatalog.alice)
        try session.press("Tab")
        try session.type(ServedCatalog.alicePassword)
        try session.press("Enter")
        try session.waitForHeader(" catalog › Home")
        try session.press("3")
    }

    private func makeAlice(in server: ServedCatalog) throws {
        try server.signUpInApp(ServedCatalog.alice, password: ServedCatalog.alicePassword)
    }

    private func passwordHelper(in server: ServedCatalog, password: String) throws -> String {
        try server.askpass(answering: password)
    }

    private func passwordLogin(_ server: ServedCatalog, askpass: String) -> String {
        server.passwordLogin(user: ServedCatalog.alice, askpass: askpass)
    }

    /// The host key as ssh-keyscan reads it off the server.
    private func hostKey(_ server: ServedCatalog) throws -> String {
        let scan = try Subprocess.run("/usr/bin/ssh-keyscan", ["-p", "\(server.port)", "-t", "ed25519", "127.0.0.1"])
        let line = try #require(scan.standardOutput.split(separator: "\n").first { $0.contains("ssh-ed25519") })
        return String(line.split(separator: " ").last!)
    }
}
