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
        let server = try ServedProcess(BuiltProduct.path(named: "notes-serve"), ["0", state])
        defer { server.stop() }
        let visitor = try Visitor(state: state, port: try server.waitForPort())
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(visitor.ssh); echo exit=$?")
        var screen = try terminal.waitFor(timeout: 20) { $0.first?.hasPrefix(" notes › Notes") == true }
        #expect(screen[1].hasPrefix(" 1 Notes   2 About"))
        #expect(screen.contains { $0.contains("Idea 1") })
        try terminal.press("q")
        screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=0"))
        #expect(server.output.contains("session started"))
        // The visitor's notes are in a folder of its key's own, not the server user's.
        let folder = try visitor.folder()
        #expect(FileManager.default.fileExists(atPath: folder), "no notes folder \(folder)")
        let left = try Subprocess.run("/usr/bin/pgrep", ["-P", "\(server.pid)"])
        #expect(left.standardOutput.isEmpty, "no session app of this server is left")
    }

    /// Over SSH the quit prompt works as at home: a save that fails (a
    /// directory where the session's temporary file goes), then `q` asks,
    /// and Save as… writes the notes beside the visitor's folder (the only
    /// place it may), then quits.
    @Test func aFailedSaveOverSSHAsksAndSavesBesideTheVisitorsFolder() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString)").path
        let server = try ServedProcess(BuiltProduct.path(named: "notes-serve"), ["0", state])
        defer { server.stop() }
        let visitor = try Visitor(state: state, port: try server.waitForPort())
        let folder = try visitor.folder()
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(visitor.ssh); echo exit=$?")
        try terminal.waitFor(text: "Idea 1", timeout: 20)
        let session = try Subprocess.run("/usr/bin/pgrep", ["-P", "\(server.pid)"]).standardOutput
        let pid = try #require(session.split(separator: "\n").first.map(String.init))
        try FileManager.default.createDirectory(atPath: folder + "/.notes.json.\(pid).tmp", withIntermediateDirectories: true)
        try terminal.writeANoteWhoseSaveFails("Served thought")
        try terminal.press("q")
        try terminal.waitFor(text: "Save as")
        try terminal.press("Right", "Enter")  // Save as…
        try terminal.waitFor(text: "Path")
        try terminal.press("Enter")  // the suggested path, in <folder>.rescued
        let screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=0"))
        let rescued = try String(contentsOfFile: folder + ".rescued/notes-rescued.json", encoding: .utf8)
        #expect(rescued.contains("Served thought"))
    }

    /// A guest (a client with no key) gets a folder of its own, held to
    /// the quota (here 201 notes: the 200 samples and one more), and
    /// removed when its session ends, here by Ctrl-C; the next guest starts
    /// on the samples in a new folder and never sees the first one's note.
    @Test func aGuestsFolderIsHeldToTheQuotaAndGoesWithItsSession() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: state) }
        let server = try ServedProcess(BuiltProduct.path(named: "notes-serve"), ["0", state, "--max-notes", "201"])
        defer { server.stop() }
        let port = try server.waitForPort()
        let guest = "/usr/bin/ssh -p \(port) -o PubkeyAuthentication=no -o PasswordAuthentication=no -o IdentityAgent=none "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l guest 127.0.0.1"
        let guests = state + "/guests"
        let terminal = try TmuxTerminal()
        try terminal.run("clear; \(guest); echo exit=$?")
        try terminal.waitFor(text: "Idea 1", timeout: 20)
        let first = try FileManager.default.contentsOfDirectory(atPath: guests)
        #expect(first.count == 1)
        try terminal.press("n")
        try terminal.waitFor(text: "New note")
        try terminal.type("Guest secret")
        try terminal.press("C-s")
        try terminal.waitFor { !$0.joined().contains("New note") }
        try terminal.press("n")
        try terminal.waitFor(text: "New note")
        try terminal.type("One too many")
        try terminal.press("C-s")
        let refused = try terminal.waitFor(text: "Quota reached: at most 201 notes here; delete one to add another")
        #expect(refused.contains { $0.contains("One too many") }, "the form keeps what was written")
        let saved = try String(contentsOfFile: guests + "/" + first[0] + "/notes.json", encoding: .utf8)
        #expect(saved.contains("Guest secret") && !saved.contains("One too many"))
        try terminal.press("C-c")
        try terminal.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(try FileManager.default.contentsOfDirectory(atPath: guests).isEmpty, "the guest's folder outlived its session")

        try terminal.run("clear; \(guest); echo exit=$?")
        let next = try terminal.waitFor(text: "Idea 1", timeout: 20)
        #expect(!next.contains { $0.contains("Guest secret") })
        let second = try FileManager.default.contentsOfDirectory(atPath: guests)
        #expect(second.count == 1 && second != first)
        try terminal.press("q")
        let screen = try terminal.waitFor { $0.contains { $0.wholeMatch(of: /exit=\d+/) != nil } }
        #expect(screen.contains("exit=0"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: guests).isEmpty)
    }

    /// The server's options are ShojiSSH's ready-made ones: `--port` and a
    /// limit given on the command line reach the server (`--port` beats
    /// the positional port, which is there only to name the state folder). With
    /// `--max-sessions 1`, a second client is told the server is full while
    /// the first uses the app.
    @Test func theServeOptionsReachTheServer() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString)").path
        let server = try ServedProcess(BuiltProduct.path(named: "notes-serve"), ["1", state, "--port", "0", "--max-sessions", "1"])
        defer { server.stop() }
        let port = try server.waitForPort()
        let key = state + "/client"
        _ = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "someone@laptop", "-f", key])
        let ssh = "/usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o BatchMode=yes -o IdentityAgent=none -o StrictHostKeyChecking=no "
            + "-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l visitor"
        let first = try TmuxTerminal()
        try first.run("clear; \(ssh) 127.0.0.1; echo exit=$?")
        try first.waitFor(text: "Idea 1", timeout: 20)
        let second = try TmuxTerminal()
        try second.run("clear; \(ssh) -tt 127.0.0.1; echo exit=$?")
        let refused = try second.waitFor(timeout: 20) { $0.contains { $0.hasPrefix("exit=") } }
        #expect(refused.contains { $0.contains("the server is full (1 session)") }, "\(refused)")
        try first.press("q")
        let screen = try first.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
    }
}

/// A client with a key of its own (made in the server's state folder), as
/// Debian's OpenSSH connects to the server on `port`.
private struct Visitor {
    let key: String
    let state: String
    /// The ssh command line that opens the app.
    let ssh: String

    init(state: String, port: Int) throws {
        self.state = state
        key = state + "/client"
        let keygen = try Subprocess.run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "someone@laptop", "-f", key])
        #expect(keygen.status == 0)
        ssh = "/usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l visitor 127.0.0.1"
    }

    /// The data folder the server gives this key's sessions.
    func folder() throws -> String {
        let publicKey = try String(contentsOfFile: key + ".pub", encoding: .utf8).split(separator: " ")[1]
        return state + "/visitors/" + publicKey.replacingOccurrences(of: "/", with: "_")
    }
}

/// `notes-serve` in the background (ShojiTesting's `BackgroundProcess`),
/// its output collected in a file.
private final class ServedProcess {
    private let process: BackgroundProcess
    private let outputPath = FileManager.default.temporaryDirectory.appendingPathComponent("notes-serve-\(UUID().uuidString).out").path

    init(_ executable: String, _ arguments: [String]) throws {
        process = try BackgroundProcess(executable, arguments, output: outputPath)
    }

    var pid: pid_t { process.pid }

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

    func stop() { process.stop(patience: 15) }
}
