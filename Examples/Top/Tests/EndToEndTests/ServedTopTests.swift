import Foundation
import ShojiEndToEnd
import Testing

/// `top-serve` serving the monitor to Debian's OpenSSH client in a tmux
/// terminal of the test's own: visitors read only (no `k`, no sheet) unless
/// the operator passes `--allow-signals`; they see no environment and only
/// the program name of others' processes unless the operator passes
/// `--show-environment` / `--show-arguments`, and never the server's
/// environment.
@Suite(.serialized)
struct ServedTopTests {
    @Test func visitorsReadOnly() throws {
        let (table, afterK) = try visit(serverArguments: [])
        #expect(!table.contains { $0.contains("k signal") })
        #expect(!afterK.contains { $0.contains("Send a signal") })
    }

    @Test func theOperatorMayAllowSignals() throws {
        let (table, afterK) = try visit(serverArguments: ["--allow-signals"])
        #expect(table.contains { $0.contains("k signal") })
        #expect(afterK.contains { $0.contains("Send a signal") })
    }

    /// The operator is told what visitors see: `--help` says what a visitor
    /// reads and what each opt-in exposes, and a server started as root says
    /// in one line what root lets them read (tested as whoever runs it).
    @Test func helpAndTheRootWarningSayWhatVisitorsSee() throws {
        let help = try Subprocess.run(BuiltProduct.path(named: "top-serve"), ["--help"])
        let text = help.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(text.contains("any process's environment, and the arguments of processes outside the visitor's own session"), "\(text)")
        #expect(text.contains("--show-environment Show visitors every readable process's environment"), "\(text)")
        #expect(text.contains("--show-arguments Show visitors every process's whole command line"), "\(text)")

        let state = FileManager.default.temporaryDirectory.appendingPathComponent("top-serve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let log = state + "/server.out"
        let server = try BackgroundProcess(BuiltProduct.path(named: "top-serve"),
                                           ["0", state, "--show-environment", "--allow-signals"], output: log)
        defer { server.stop(patience: 15) }
        _ = try Self.port(in: log)
        let output = try String(contentsOfFile: log, encoding: .utf8)
        if geteuid() == 0 {
            #expect(output.contains("top-serve: warning: running as root, visitors read /proc as root: every user's "
                                    + "open-file counts and environments (passwords, keys), and they may signal any "
                                    + "process; run it as an unprivileged user"), "\(output)")
        } else {
            #expect(!output.contains("warning"), "\(output)")
        }
    }

    /// Connects to a `top-serve` started with `serverArguments`; the screen
    /// with the table, and after `k` (then checks that `q` ends the session
    /// with status 0).
    private func visit(serverArguments: [String]) throws -> (table: [String], afterK: [String]) {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("top-serve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let log = state + "/server.out"
        let server = try BackgroundProcess(BuiltProduct.path(named: "top-serve"), ["0", state] + serverArguments, output: log)
        defer { server.stop(patience: 15) }
        let port = try Self.port(in: log)
        let key = state + "/client"
        _ = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
        let terminal = try TmuxTerminal(width: 120, height: 40)
        try terminal.run("clear; /usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o IdentityAgent=none "
            + "-o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "-l visitor 127.0.0.1; echo exit=$?")
        let table = try terminal.waitFor(timeout: 20) { $0.contains { $0.contains("PID USER") } && $0.contains { $0.contains("? help") } }
        try terminal.press("k")
        // A sheet would say "Send a signal": give it the time a key takes.
        usleep(500_000)
        let afterK = try terminal.screen()
        if afterK.contains(where: { $0.contains("Send a signal") }) { try terminal.press("Escape") }
        try terminal.press("q")
        let end = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(end.contains("exit=0"))
        return (table, afterK)
    }

    @Test func visitorsSeeNoSecretsByDefault() throws {
        try visitSecrets(serverArguments: []) { sleeper, server, secret in
            #expect(sleeper.contains { $0.contains("Command: visitorsleeper (arguments hidden)") })
            #expect(sleeper.contains { $0.contains("Environment: hidden") })
            #expect(!sleeper.contains { $0.contains("4242.4242") || $0.contains(secret) })
            #expect(server == nil)
        }
    }

    @Test func theOperatorMayShowEnvironmentsAndArgumentsButNeverItsOwn() throws {
        try visitSecrets(serverArguments: ["--show-environment", "--show-arguments"]) { sleeper, server, secret in
            #expect(sleeper.contains { $0.contains("visitorsleeper 4242.4242") })
            #expect(sleeper.contains { $0.contains("TOP_TEST_SECRET=\(secret)") })
            let server = server ?? []
            #expect(server.contains { $0.contains("Environment: hidden") })
            #expect(!server.contains { $0.contains(secret) })
        }
    }

    /// Starts a process with `secret` in its environment and arguments
    /// (`visitorsleeper 4242.4242`, a copy of sleep) and a `top-serve`
    /// with `serverArguments` and the same secret in its environment, then
    /// as a visitor filters for the process and opens its detail. With
    /// `--show-arguments` (the server's state folder is in its command
    /// line) it opens the server's detail too. `check` gets both screens.
    private func visitSecrets(serverArguments: [String],
                              check: (_ sleeper: [String], _ server: [String]?, _ secret: String) -> Void) throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("top-serve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let secret = "s3cr3t-\(UUID().uuidString.prefix(8))"
        try FileManager.default.copyItem(atPath: "/bin/sleep", toPath: state + "/visitorsleeper")
        let sleeper = try BackgroundProcess("/usr/bin/env", ["-i", "TOP_TEST_SECRET=\(secret)", state + "/visitorsleeper", "4242.4242"])
        defer { sleeper.stop() }
        let log = state + "/server.out"
        let server = try BackgroundProcess(BuiltProduct.path(named: "top-serve"), ["0", state] + serverArguments, output: log,
                                           environment: ["TOP_TEST_SECRET": secret])
        defer { server.stop(patience: 15) }
        let port = try Self.port(in: log)
        let key = state + "/client"
        _ = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-f", key])
        // Tall enough for the detail's text down to its environment.
        let terminal = try TmuxTerminal(width: 120, height: 72)
        try terminal.run("clear; /usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o IdentityAgent=none "
            + "-o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "
            + "-l visitor 127.0.0.1; echo exit=$?")
        try terminal.waitFor(timeout: 20) { $0.contains { $0.contains("PID USER") } }
        let sleeperDetail = try detail(in: terminal, filter: "visitorsleeper")
        var serverDetail: [String]?
        if serverArguments.contains("--show-arguments") {
            try terminal.press(keys: ["Escape"])
            try terminal.waitFor(text: "PID USER")
            serverDetail = try detail(in: terminal, filter: URL(fileURLWithPath: state).lastPathComponent + " ")
        }
        try terminal.press("q")
        try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        check(sleeperDetail, serverDetail, secret)
    }

    /// Filters the table for `filter` (replacing any filter), opens the
    /// first row's detail and returns the screen.
    private func detail(in terminal: TmuxTerminal, filter: String) throws -> [String] {
        try terminal.press(keys: ["/", "C-u"])
        try terminal.type(filter)
        try terminal.press(keys: ["Enter"])
        usleep(300_000)
        try terminal.press(keys: ["Enter"])
        return try terminal.waitFor(timeout: 15) { $0.contains { $0.contains("Open files") } && $0.contains { $0.contains("Environment") } }
    }

    /// The port the server says it serves on, from its output.
    private static func port(in log: String) throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            if let range = output.range(of: #"serving on 127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(output[range].split(separator: ":").last ?? "") { return port }
            usleep(50_000)
        }
        throw POSIXError(.ETIMEDOUT)
    }
}
