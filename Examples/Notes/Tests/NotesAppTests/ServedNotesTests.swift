import Foundation
import ShojiTesting
import Testing

/// `notes-serve`, the few-line server, serving the notes app to Debian's
/// OpenSSH client in a tmux terminal of the test's own: a stranger with no
/// listed key gets the app (public demo), draws it at the client's size and
/// quits with the app's status; no app process is left.
@Suite(.serialized)
struct ServedNotesTests {
    @Test func theFewLineServerServesTheNotesAppToAnyone() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString)").path
        let server = try ServedProcess(built("notes-serve"), ["0", state])
        defer { server.stop() }
        let port = try server.waitForPort()
        let key = state + "/client"
        let keygen = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "someone@laptop", "-f", key])
        #expect(keygen.status == 0)
        let terminal = try TmuxTerminal()
        try terminal.run("clear; /usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l visitor 127.0.0.1; "
            + "echo exit=$?")
        var screen = try terminal.waitFor(timeout: 20) { $0.first?.hasPrefix(" notes › Notes") == true }
        #expect(screen[1].hasPrefix(" 1 Notes   2 About"))
        #expect(screen.contains { $0.contains("Idea 1") })
        try terminal.press("q")
        screen = try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        #expect(server.output.contains("session started"))
        let left = try Subprocess.run("/usr/bin/pgrep", ["-P", "\(server.pid)"])
        #expect(left.standardOutput.isEmpty, "no session app of this server is left")
    }

    /// A product of this package, beside the test bundle.
    private func built(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }
}

/// A process in the background whose output is collected in a file.
private final class ServedProcess {
    private let process = Process()
    private let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString).out").path

    init(_ executable: String, _ arguments: [String]) throws {
        FileManager.default.createFile(atPath: outputPath, contents: nil)
        let output = try FileHandle(forWritingTo: URL(fileURLWithPath: outputPath))
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = output
        process.standardError = output
        try process.run()
    }

    var pid: pid_t { process.processIdentifier }

    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }

    func waitForPort() throws -> Int {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if let range = output.range(of: #"serving on 127\.0\.0\.1:(\d+)"#, options: .regularExpression),
               let port = Int(output[range].split(separator: ":").last ?? "") { return port }
            usleep(50_000)
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(50_000) }
    }
}
