import Foundation
import Testing

/// A real terminal for end-to-end tests: a private tmux server (its own
/// socket, no user config) running `sh`, driven with send-keys and read with
/// capture-pane. Independent of whatever terminal runs the tests.
final class TmuxTerminal {
    let socket: String
    private let session = "e2e"

    init(width: Int = 80, height: Int = 24) throws {
        socket = "catalog-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        try tmux(["new-session", "-d", "-s", session, "-x", "\(width)", "-y", "\(height)",
                  "-e", "LANG=C.UTF-8", "-e", "TERM=xterm-256color",
                  "-e", "SWIFT_BACKTRACE=interactive=no", "-e", "ENV=", "sh"])
        // dash ignores PS1 from the environment for root; set it in the shell.
        try run("PS1='$ '; clear")
        try waitFor(timeout: 5) { $0.first == "$" }
    }

    deinit {
        // The server inherits the test thread's blocked signals (SIGCHLD
        // among them) and may outlive `kill-server`: end it by its pid too.
        let server = (try? paneValue("#{pid}")).flatMap { Int32($0) }
        _ = try? tmux(["kill-server"])
        if let server, server > 1 {
            usleep(20_000)
            if kill(server, 0) == 0 { kill(server, SIGKILL) }
        }
    }

    /// Types a shell command line and presses Enter.
    func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", session, "-l", commandLine])
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    /// Sends tmux key names (`Down`, `Enter`, `Escape`, `C-c`, ...).
    func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends tmux key names from an array, in one tmux call.
    func press(keys: [String]) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// The visible screen with its escape sequences (`capture-pane -e`), one
    /// string per row.
    func screenWithAttributes() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Sends literal text.
    func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one string per row, trailing spaces removed.
    func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// A tmux format value for the pane, e.g. `#{alternate_on}`.
    func paneValue(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the program the shell is running in the foreground.
    func foregroundPid() throws -> Int32? {
        let shell = try paneValue("#{pane_pid}")
        let output = try Self.capture("/usr/bin/pgrep", ["-P", shell])
        return output.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Polls the screen until `predicate` holds; throws with the last screen on time-out.
    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        throw TerminalTimeout(screen: last)
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.capture("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    @discardableResult
    static func capture(_ executable: String, _ arguments: [String]) throws -> String {
        try Subprocess.run(executable, arguments).standardOutput
    }
}

struct TerminalTimeout: Error, CustomStringConvertible {
    let screen: [String]
    var description: String { "timed out; the screen was:\n" + screen.joined(separator: "\n") }
}

/// The `catalog` binary of the build that built these tests: it sits beside
/// the test bundle (`.build/debug/`, or whatever `--scratch-path` and
/// configuration were used). `CATALOG_BIN` overrides it.
enum CatalogBinary {
    static var path: String {
        if let path = ProcessInfo.processInfo.environment["CATALOG_BIN"] { return path }
        return BuiltProduct.path(named: "catalog")
    }

    /// A fresh data directory per test run, so tests never touch the user's.
    static let dataDirectory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("catalog-e2e-\(UUID().uuidString)").path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    /// The app as a guest on its embedded catalogue, in its own data directory.
    static var guestCommand: String { "\(path) --data-dir \(dataDirectory) --guest" }
}
