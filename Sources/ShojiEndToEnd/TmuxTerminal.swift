import Foundation

/// A real terminal for end-to-end tests: a private tmux server (its own
/// socket, no user config) running `sh` at a fixed size, with `TERM`
/// xterm-256color and `LANG` C.UTF-8, driven with send-keys and read with
/// capture-pane. Independent of whatever terminal runs the tests: run the
/// binary under test in it with `run(_:)` and read the screen back.
///
/// Swift Testing runs tests on Swift's cooperative threads, as many as there
/// are cores. A synchronous wait holds one of them for as long as it waits:
/// two such waits on two cores starve every other test's task. Async tests
/// get waits that sleep with `Task.sleep` (the compiler picks them when the
/// call is awaited); the synchronous ones are for synchronous tests.
public final class TmuxTerminal {
    /// The tmux socket name (`tmux -L`), unique per terminal.
    public let socket: String
    private let session = "e2e"

    /// Starts a tmux server of its own with a shell in a `width` x `height` window.
    public init(width: Int = 80, height: Int = 24) throws {
        socket = "shoji-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
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
    public func run(_ commandLine: String) throws {
        try tmux(["send-keys", "-t", session, "-l", commandLine])
        try tmux(["send-keys", "-t", session, "Enter"])
    }

    /// Sends tmux key names (`Down`, `Enter`, `Escape`, `C-c`, ...).
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// Sends tmux key names from an array, in one tmux call.
    public func press(keys: [String]) throws {
        try tmux(["send-keys", "-t", session] + keys)
    }

    /// The visible screen with its escape sequences (`capture-pane -e`), one
    /// string per row.
    public func screenWithAttributes() throws -> [String] {
        try tmux(["capture-pane", "-p", "-e", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
    }

    /// Sends literal text.
    public func type(_ text: String) throws {
        try tmux(["send-keys", "-t", session, "-l", text])
    }

    /// Pastes `text` as a terminal does: in bracketed-paste markers when
    /// the program asked for them (`paste-buffer -p`), line feeds sent as
    /// carriage returns, as tmux pastes by default. Any length: the text
    /// goes to tmux through a file (`load-buffer`), not as an argument,
    /// which the system caps at 128 KiB.
    public func paste(_ text: String) throws {
        let buffer = "shoji-e2e-paste"
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket)-paste").path
        guard FileManager.default.createFile(atPath: file, contents: Data(text.utf8)) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
        defer { try? FileManager.default.removeItem(atPath: file) }
        try tmux(["load-buffer", "-b", buffer, file])
        try tmux(["paste-buffer", "-p", "-d", "-b", buffer, "-t", session])
    }

    /// Resizes the window (the program in it gets SIGWINCH).
    public func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", session, "-x", "\(width)", "-y", "\(height)"])
    }

    /// The visible screen, one string per row, trailing spaces removed.
    public func screen() throws -> [String] {
        try tmux(["capture-pane", "-p", "-t", session]).split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    /// A tmux format value for the pane, e.g. `#{alternate_on}`.
    public func paneValue(_ format: String) throws -> String {
        try tmux(["display-message", "-p", "-t", session, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The pid of the program the shell is running in the foreground.
    public func foregroundPid() throws -> Int32? {
        let shell = try paneValue("#{pane_pid}")
        let output = try Self.capture("/usr/bin/pgrep", ["-P", shell])
        return output.split(separator: "\n").first.flatMap { Int32($0) }
    }

    /// Polls the screen until `predicate` holds; throws with the last screen on time-out.
    ///
    /// Sleeps between captures with `usleep`, which holds the calling thread:
    /// for synchronous tests. In an async test the compiler picks the async
    /// overload, which holds none of Swift's cooperative threads.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(Self.pollInterval)
        }
        throw TerminalTimeout(screen: last)
    }

    /// Waits until some row contains `text`, blocking the calling thread
    /// between captures (for synchronous tests).
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Polls the screen until `predicate` holds, sleeping between captures
    /// with `Task.sleep`: a cooperative thread is held only for the capture
    /// itself (a tmux call, a few milliseconds), so waits running beside
    /// each other, or beside a download racing its deadline, starve nothing.
    /// Throws with the last screen on time-out.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) async throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var last: [String] = []
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            try await Task.sleep(nanoseconds: UInt64(Self.pollInterval) * 1_000)
        }
        throw TerminalTimeout(screen: last)
    }

    /// Waits until some row contains `text`, holding no cooperative thread
    /// between captures.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 10) async throws -> [String] {
        try await waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Microseconds between two captures of a wait.
    private static let pollInterval: UInt32 = 50_000

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        try Self.capture("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    /// Runs a program and returns what it wrote on stdout.
    @discardableResult
    public static func capture(_ executable: String, _ arguments: [String]) throws -> String {
        try Subprocess.run(executable, arguments).standardOutput
    }
}

/// A terminal never showed what a test waited for; it carries the last screen.
public struct TerminalTimeout: Error, CustomStringConvertible {
    /// The screen when the wait gave up.
    public let screen: [String]
    /// What timed out, with the screen.
    public var description: String { "timed out; the screen was:\n" + screen.joined(separator: "\n") }
}
