import Foundation
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
        try run("/usr/bin/ssh-keygen", ["-q", "-t", "ed25519", "-N", "", "-C", "someone@laptop", "-f", key])
        let tmux = Tmux()
        defer { tmux.kill() }
        try tmux.start("/usr/bin/ssh -p \(port) -i \(key) -o IdentitiesOnly=yes -o IdentityAgent=none -o BatchMode=yes "
            + "-o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR -l visitor 127.0.0.1; "
            + "echo exit=$?; sleep 30")
        var screen = try tmux.waitFor { $0.first?.hasPrefix(" notes › Notes") == true }
        #expect(screen[1].hasPrefix(" 1 Notes   2 About"))
        #expect(screen.contains { $0.contains("Idea 1") })
        try tmux.keys("q")
        screen = try tmux.waitFor { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0"))
        #expect(server.output.contains("session started"))
        let left = try run("/usr/bin/pgrep", ["-P", "\(server.pid)"], allowFailure: true)
        #expect(left.isEmpty, "no session app of this server is left")
    }

    /// A product of this package, beside the test bundle.
    private func built(_ name: String) -> String {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
            .appendingPathComponent(name).path
    }
}

/// Runs a program to the end with posix_spawn and waitpid: Foundation's
/// `Process.waitUntilExit()` can wait forever for a child whose own child
/// daemonizes (the tmux server). The child gets no blocked signals, so the
/// tmux server it starts still ends on `kill-server`.
@discardableResult
private func run(_ executable: String, _ arguments: [String], allowFailure: Bool = false) throws -> String {
    let outPath = FileManager.default.temporaryDirectory.appendingPathComponent("notes-e2e-\(UUID().uuidString).out").path
    defer { unlink(outPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
    guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    if !allowFailure, status != 0 { throw POSIXError(.EIO) }
    return (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
}

/// A tmux server of the test's own, with a fixed terminal type, size and locale.
private struct Tmux {
    let socket = "notes-e2e-" + String(UUID().uuidString.prefix(8))

    func start(_ command: String) throws {
        try run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24",
                                  "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color", command])
    }

    func keys(_ keys: String...) throws { try run("/usr/bin/tmux", ["-L", socket, "send-keys"] + Array(keys)) }

    func screen() throws -> [String] {
        try run("/usr/bin/tmux", ["-L", socket, "capture-pane", "-p"]).components(separatedBy: "\n")
    }

    func waitFor(timeout: TimeInterval = 20, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        let shown = last.joined(separator: "\n")
        Issue.record("timed out; the screen was:\n\(shown)")
        throw POSIXError(.ETIMEDOUT)
    }

    func kill() { _ = try? run("/usr/bin/tmux", ["-L", socket, "kill-server"], allowFailure: true) }
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
