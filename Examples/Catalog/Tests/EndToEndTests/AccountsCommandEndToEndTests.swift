import Foundation
import ShojiEndToEnd
import Testing

/// `catalog accounts`, the operator's commands, run as built on a served
/// data directory, with the real OpenSSH client (issue 37, C and H).
@Suite(.serialized)
struct AccountsCommandEndToEndTests {
    private static let ops = "ops@example.com"

    private func connect(_ server: ServedCatalog, key: String, user: String = "root") throws -> AppSession {
        let session = try AppSession(dataDirectory: server.dataDirectory)
        try session.terminal.run("clear; \(server.ssh(key: key, user: user)); echo \"exit1=$?\"")
        return session
    }

    /// H: a visitor signed ops@example.com up before the operator bound a
    /// key to it. `account=` in the file no longer binds (its line is
    /// skipped and says what to use); `link-key` refuses the visitor's
    /// email with what to do; `--take-over` deletes the visitor's account
    /// and makes the operator's, which the key (listed nowhere) signs into.
    @Test func aVisitorsEmailIsNotTheOperatorsUntilTakenOverAndTheBoundKeyNeedsNoLine() throws {
        let server = try ServedCatalog()
        try server.signUpInApp(Self.ops, password: "visitor's password")
        let keysFile = server.dataDirectory + "/authorized_keys"
        let stranger = try String(contentsOfFile: server.keyPath("stranger") + ".pub", encoding: .utf8)
        try (String(contentsOfFile: keysFile, encoding: .utf8) + "account=\"\(Self.ops)\" " + stranger)
            .write(toFile: keysFile, atomically: true, encoding: .utf8)
        try server.start(["--password-auth"])

        let byFile = try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "stranger", user: Self.ops) + " -T"])
        #expect(byFile.status == 255, "account= let the key in: \(byFile.standardError)")
        #expect(server.log.contains("catalog accounts link-key EMAIL KEYFILE"), "\(server.log)")

        let refused = try server.accounts(["link-key", Self.ops, server.keyPath("stranger") + ".pub"])
        #expect(refused.status == 1)
        #expect(refused.standardError.hasPrefix("catalog accounts: \(Self.ops) was signed up by a visitor in the app"))
        #expect(refused.standardError.contains("--take-over"))
        #expect(refused.standardError.split(separator: "\n").count == 1)

        let taken = try server.accounts(["link-key", Self.ops, server.keyPath("stranger") + ".pub", "--take-over"])
        #expect(taken.status == 0, "\(taken.standardError)")
        #expect(taken.standardOutput.contains("the visitor's account was deleted"))
        let fingerprint = try Subprocess.run("/usr/bin/ssh-keygen", ["-lf", server.keyPath("stranger") + ".pub"])
            .standardOutput.split(separator: " ")[1]
        let listed = try server.accounts(["list"])
        #expect(listed.standardOutput.contains("\(Self.ops)  operator"), "\(listed.standardOutput)")
        #expect(listed.standardOutput.contains("\(fingerprint) (ssh-ed25519)  linked by the operator"), "\(listed.standardOutput)")

        let ops = try connect(server, key: "stranger")
        try ops.waitFor(text: "51 items")
        try ops.press("3")
        try ops.waitFor(text: "Signed in as \(Self.ops)")
        try ops.press("q")
        #expect(try ops.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
        let visitorsPassword = try server.askpass(answering: "visitor's password")
        let visitor = try Subprocess.run("/bin/sh", ["-c", server.passwordLogin(user: Self.ops, askpass: visitorsPassword) + " -T"])
        #expect(visitor.status == 255, "the visitor's password opens the operator's account")

        let unlinked = try server.accounts(["unlink-key", server.keyPath("stranger") + ".pub"])
        #expect(unlinked.standardOutput == "unlinked \(fingerprint) from \(Self.ops)\n")
        #expect(try Subprocess.run("/bin/sh", ["-c", server.ssh(key: "stranger") + " -T"]).status == 255)
        #expect(server.waitForNoApps().isEmpty)
    }

    /// The key file is read without blocking, must be a regular file and is
    /// capped: a FIFO (which used to hang the command) and `/dev/zero`
    /// (which grew its memory without end) are one line and status 1. The
    /// command runs under `timeout` and a 4 GiB address-space limit, so a
    /// regression fails (137, or a failed allocation) instead of hanging.
    @Test func aKeyFileThatIsAFIFOOrADeviceIsOneLineNotAHang() throws {
        let server = try ServedCatalog()
        let fifo = server.keyPath("key.fifo")
        #expect(mkfifo(fifo, 0o600) == 0)
        let large = server.keyPath("large.pub")
        #expect(FileManager.default.createFile(atPath: large, contents: Data(repeating: 0x41, count: 65 << 10)))
        for (file, problem) in [(fifo, "the key file \(fifo) is a FIFO (a named pipe), not a regular file: give the .pub file itself"),
                                ("/dev/zero", "the key file /dev/zero is a character device, not a regular file: give the .pub file itself"),
                                (large, "\(large) is larger than a public key file (64 KiB): give the .pub file")] {
            let result = try Subprocess.run("/bin/sh", ["-c", "ulimit -v 4194304; exec /usr/bin/timeout -s KILL 20 \"$0\" \"$@\"",
                                                        CatalogBinary.path, "accounts", "link-key", Self.ops, file,
                                                        "--data-dir", server.dataDirectory])
            #expect(result.status == 1, "\(file): status \(result.status), \(result.standardError)")
            #expect(result.standardError == "catalog accounts: \(problem)\n")
        }
    }

    /// C: wrong passwords over SSH, one per connection (as 64 sessions
    /// would), count on the account: the tenth locks it, the right password
    /// is then refused, `list` shows the lock, and `unlock` lifts it.
    @Test func wrongPasswordsFromManyConnectionsLockTheAccountUntilTheOperatorUnlocksIt() throws {
        let server = try ServedCatalog()
        try server.signUpInApp(ServedCatalog.alice, password: ServedCatalog.alicePassword)
        try server.start(["--password-auth"])
        let wrong = try server.askpass(answering: "not her password")
        let right = try server.askpass(answering: ServedCatalog.alicePassword)
        for _ in 1...10 {
            let attempt = try Subprocess.run("/bin/sh", ["-c", server.passwordLogin(user: ServedCatalog.alice, askpass: wrong) + " -T"])
            #expect(attempt.status == 255)
        }
        let locked = try Subprocess.run("/bin/sh", ["-c", server.passwordLogin(user: ServedCatalog.alice, askpass: right) + " -T"])
        #expect(locked.status == 255, "the right password got in while locked")
        let listed = try server.accounts(["list", ServedCatalog.alice])
        #expect(listed.standardOutput.contains("locked 5 min"), "\(listed.standardOutput)")

        let unlocked = try server.accounts(["unlock", ServedCatalog.alice])
        #expect(unlocked.status == 0 && unlocked.standardOutput == "unlocked \(ServedCatalog.alice)\n")
        let session = try AppSession(dataDirectory: server.dataDirectory)
        try session.terminal.run("clear; \(server.passwordLogin(user: ServedCatalog.alice, askpass: right)); echo \"exit1=$?\"")
        try session.waitFor(text: "51 items")
        try session.press("q")
        #expect(try session.terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit1=\d+/) != nil } }.contains("exit1=0"))
        #expect(server.waitForNoApps().isEmpty)
    }
}
