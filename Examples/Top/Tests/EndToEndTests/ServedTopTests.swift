import Foundation
import ShojiEndToEnd
import Testing

/// `top-serve` serving the monitor to Debian's OpenSSH client in a tmux
/// terminal of the test's own: visitors read only (no `k`, no sheet) unless
/// the operator passes `--allow-signals`.
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
