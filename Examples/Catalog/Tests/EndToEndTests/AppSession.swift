import Foundation
import ShojiEndToEnd
import Testing

/// One run of the app in its own tmux terminal and its own data directory,
/// started from the shell as `catalog ...; echo "exit=$?"` so the tests can
/// check how it ended.
final class AppSession {
    let terminal: TmuxTerminal
    let dataDirectory: String
    /// Numbers the exit lines, so a second run never sees the first one's.
    private var launches = 0

    /// A terminal of `width` x `height` and a fresh, empty data directory.
    init(width: Int = 80, height: Int = 24, dataDirectory: String? = nil) throws {
        terminal = try TmuxTerminal(width: width, height: height)
        self.dataDirectory = dataDirectory ?? Self.makeDataDirectory()
    }

    /// A new empty directory, removed when the test process exits.
    static func makeDataDirectory() -> String { TemporaryFolders.make() }

    /// Whether the last launch records the tty modes before and after.
    private var checksModes = false

    /// Starts the app with `arguments` (shell words) after `environment`
    /// (shell assignments), with this session's data directory. With
    /// `checkingModes`, `expectExit` also checks the tty modes came back as
    /// they were and the cursor is visible.
    func launch(_ arguments: String = "", environment: String = "", checkingModes: Bool = false) throws {
        launches += 1
        checksModes = checkingModes
        let run = "\(environment) \(CatalogBinary.path) --data-dir \(dataDirectory) \(arguments); echo \"exit\(launches)=$?\""
        guard checkingModes else { return try terminal.run("clear; " + run) }
        let modes = "\(dataDirectory)/modes\(launches)"
        try terminal.run("clear; stty -g > \(modes).before; \(run); stty -g > \(modes).after; "
            + "cmp -s \(modes).before \(modes).after && echo modes\(launches)=same")
    }

    /// Waits for the embedded catalogue's Home, presses Enter, and waits for
    /// the list to show its first rows.
    @discardableResult
    func openList() throws -> [String] {
        try waitFor(text: "51 items")
        try press("Enter")
        return try waitFor { $0.first == " catalog › Home › List" && $0.has("iPhone 3GS") }
    }

    /// From the sign-in screen, goes to sign-up and creates `email`.
    func signUp(email: String, password: String) throws {
        try press("Tab", "Tab", "Tab", "Enter")
        try waitForHeader(" catalog › Create an account")
        try type(email)
        try press("Tab")
        try type(password)
        try press("Tab")
        try type(password)
        try press("Enter")
    }

    /// Presses `q` and waits for the shell to report the exit status.
    func quit(expecting status: Int = 0) throws {
        try terminal.press("q")
        try expectExit(status)
    }

    /// Waits until the app has ended and checks its exit status.
    @discardableResult
    func expectExit(_ status: Int, timeout: TimeInterval = 10) throws -> [String] {
        let marker = "exit\(launches)="
        let screen = try terminal.waitFor(timeout: timeout) { lines in
            lines.contains { $0.hasPrefix(marker) && Int($0.dropFirst(marker.count)) != nil }
        }
        #expect(screen.contains("\(marker)\(status)"), "screen:\n\(screen.joined(separator: "\n"))")
        #expect(try terminal.paneValue("#{alternate_on}") == "0")
        guard checksModes else { return screen }
        let restored = try terminal.waitFor(timeout: 5) { $0.last { !$0.isEmpty } == "$" }
        #expect(restored.contains("modes\(launches)=same"), "the tty modes changed:\n\(restored.joined(separator: "\n"))")
        #expect(try terminal.paneValue("#{cursor_flag}") == "1")
        return restored
    }

    /// Waits until `predicate` holds for a screen that has stopped changing
    /// (two captures 40 ms apart alike but for the spinner's frame), so a
    /// half-drawn frame never counts.
    @discardableResult
    func waitFor(timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let screen = try terminal.waitFor(timeout: max(0.1, deadline.timeIntervalSinceNow), predicate)
            usleep(40_000)
            let again = try terminal.screen()
            if again.map(Self.withoutSpinner) == screen.map(Self.withoutSpinner) || Date() >= deadline { return again }
        }
    }

    /// `row` with the spinner's Braille frames (U+2800-U+28FF) made alike.
    static func withoutSpinner(_ row: String) -> String {
        String(row.unicodeScalars.map { (0x2800...0x28FF).contains($0.value) ? "*" : Character($0) })
    }

    /// Waits for a settled screen with some row containing `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor(timeout: timeout) { $0.contains { $0.contains(text) } }
    }

    /// Waits for a settled screen whose header (row 0) reads exactly `header`.
    @discardableResult
    func waitForHeader(_ header: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor(timeout: timeout) { $0.first == header }
    }

    /// Types `text` into the focused field.
    func type(_ text: String) throws { try terminal.type(text) }

    /// Sends tmux key names.
    func press(_ keys: String...) throws { try terminal.press(keys: keys) }

    /// Erases up to `count` characters before the cursor of the focused field.
    func erase(_ count: Int = 24) throws { try terminal.press(keys: Array(repeating: "BSpace", count: count)) }

    func screen() throws -> [String] { try terminal.screen() }
}

/// TerminalScreen helpers.
extension [String] {
    /// The rows between the tab bar and the footer of a screen `height` rows
    /// high (the screen's content).
    func contentRows(height: Int = 24) -> ArraySlice<String> { count >= height ? self[2..<(height - 1)] : [] }

    /// Whether any row contains `text`.
    func has(_ text: String) -> Bool { contains { $0.contains(text) } }

    /// Rows joined with nothing between them, for text that wraps.
    var joinedText: String { joined() }
}

/// `python3 -m http.server` on 127.0.0.1, serving a directory.
final class HTTPServer {
    let port: Int
    let directory: String
    private var process: BackgroundProcess?

    /// A server for `directory` on `port` (a free one when nil); not started.
    init(directory: String, port: Int? = nil) throws {
        self.directory = directory
        self.port = try port ?? Self.freePort()
    }

    /// Starts the server and waits until it accepts connections.
    func start() throws {
        let python = try Self.python()
        process = try BackgroundProcess(python, ["-m", "http.server", "--bind", "127.0.0.1", "\(port)",
                                                 "--directory", directory])
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            usleep(50_000)
        }
        throw POSIXError(.ETIMEDOUT)
    }

    func stop() {
        process?.stop()
        process = nil
    }

    deinit { stop() }

    func url(_ file: String) -> String { "http://127.0.0.1:\(port)/\(file)" }

    /// The real interpreter behind `python3` (not a pyenv shim), so the pid
    /// spawned is the server's.
    private static func python() throws -> String {
        let result = try Subprocess.run("/usr/bin/env", ["python3", "-c", "import sys; print(sys.executable)"])
        let path = result.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        guard result.status == 0, !path.isEmpty else { throw POSIXError(.ENOENT) }
        return path
    }

    /// A TCP port on 127.0.0.1 that nothing listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
