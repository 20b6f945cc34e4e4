import Foundation
@testable import ShojiSSH

/// The real OpenSSH client (`/usr/bin/ssh`) on a pseudo-terminal of its
/// own, as a user runs it: what it prints is read from the terminal, and
/// `type` is what the user types.
final class OpenSSHClient {
    private let process: AppProcess
    /// The client's HOME (an empty `.ssh`), removed with the client.
    private let home: String
    private var screen: [UInt8] = []
    private var exitStatus: Int32?

    /// `ssh -p PORT` to 127.0.0.1 with `options` (`-i key`, `-o ...`), never
    /// asking about the host key; `environment` adds to a plain one.
    init(port: Int, user: String = "demo", options: [String], environment: [String: String] = [:]) throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("ssh-home-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: home + "/.ssh", withIntermediateDirectories: true)
        let arguments = ["-p", "\(port)", "-l", user, "-F", "/dev/null",
                         "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                         "-o", "IdentityAgent=none"] + options + ["127.0.0.1"]
        var variables = ["HOME": home, "TERM": "xterm-256color", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin"]
        variables.merge(environment) { _, new in new }
        process = try AppProcess.spawn(executable: "/usr/bin/ssh", arguments: arguments, environment: variables,
                                       size: TerminalSize(columns: 80, rows: 24))
        _ = fcntl(process.masterDescriptor, F_SETFL, fcntl(process.masterDescriptor, F_GETFL) | O_NONBLOCK)
    }

    deinit {
        if exitStatus == nil {
            process.signal(SIGKILL)
            var status: Int32 = 0
            waitpid(process.pid, &status, 0)
        }
        close(process.masterDescriptor)
        try? FileManager.default.removeItem(atPath: home)
    }

    /// Everything the terminal showed so far, escape sequences included.
    var text: String {
        drain()
        return String(decoding: screen, as: UTF8.self)
    }

    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(process.masterDescriptor, $0.baseAddress, $0.count) }
    }

    func waitFor(_ text: String, timeout: TimeInterval = 15) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if self.text.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }

    /// ssh's exit status, once it ended; nil when it is still running at the deadline.
    func waitForExit(timeout: TimeInterval = 15) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            drain()
            var status: Int32 = 0
            if waitpid(process.pid, &status, WNOHANG) == process.pid {
                drain()
                exitStatus = (status >> 8) & 0xFF
                return exitStatus
            }
            usleep(20_000)
        }
        return nil
    }

    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(process.masterDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            screen += buffer[0..<count]
        }
    }
}
