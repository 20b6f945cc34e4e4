import Foundation
import Testing

/// The app in a private tmux server (its own socket, no user config), at a
/// fixed size, UTF-8, xterm-256color; driven with send-keys, read with
/// capture-pane.
final class Tmux {
    let socket = "files-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
    let session = "e2e"

    /// Starts `arguments` of the `files` binary in `directory`; after it ends
    /// the pane shows `EXIT:<status>` and stays.
    init(in directory: String, arguments: [String] = [], width: Int = 80, height: Int = 24,
         environment: [String: String] = [:]) throws {
        let quoted = ([FilesBinary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        let command = "cd '\(directory)' && \(quoted.joined(separator: " ")); echo EXIT:$?; sleep 600"
        var env = ["LANG=C.UTF-8", "TERM=xterm-256color", "SWIFT_BACKTRACE=interactive=no"]
        env += environment.map { "\($0)=\($1)" }
        try tmux(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)"]
                 + env.flatMap { ["-e", $0] } + [command])
        try tmux(["set-option", "-s", "escape-time", "0"])
    }

    deinit {
        let server = (try? tmux(["display-message", "-p", "#{pid}"]))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        _ = try? tmux(["kill-server"])
        if let server, server > 1 {
            usleep(20_000)
            if kill(server, 0) == 0 { kill(server, SIGKILL) }
        }
    }

    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", session] + keys) }

    func type(_ text: String) throws { try tmux(["send-keys", "-t", session, "-l", text]) }

    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    func paneValue(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(30_000)
        }
        throw Timeout(screen: last)
    }

    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// The header line (breadcrumb).
    func header() throws -> String { try screen().first ?? "" }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Subprocess.run("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments).standardOutput
    }
}

struct Timeout: Error, CustomStringConvertible {
    let screen: [String]
    var description: String { "timed out; the screen was:\n" + screen.joined(separator: "\n") }
}

/// The `files` binary beside the test runner (`.build/debug/files`); `FILES_BIN` overrides it.
enum FilesBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["FILES_BIN"] { return path }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("files").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/files").path
    }
}

/// A tree for one test, removed at the end.
final class Tree {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("files-e2e-\(UUID().uuidString.prefix(8))").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { _ = try? FileManager.default.removeItem(atPath: path) }
    func directory(_ name: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
    func file(_ name: String, _ bytes: [UInt8]) {
        FileManager.default.createFile(atPath: path + "/" + name, contents: Data(bytes))
    }
}
