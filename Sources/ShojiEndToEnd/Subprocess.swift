import Foundation
import ShojiCore

/// Runs a program to completion with posix_spawn and waitpid, for tests that
/// drive real binaries end to end.
///
/// Foundation's `Process.waitUntilExit()` can miss the exit of a child whose
/// own child daemonizes (the tmux server) and then waits forever, so
/// end-to-end tests spawn and reap their processes themselves.
public enum Subprocess {
    /// How the program ended and what it wrote.
    public struct Result: Sendable {
        /// The exit status, or 128+N when killed by signal N.
        public var status: Int32
        /// Everything it wrote to standard output.
        public var standardOutput: String
        /// Everything it wrote to standard error.
        public var standardError: String
    }

    /// Runs `executable` with `arguments`, stdin from /dev/null, and returns
    /// its exit status (128+N when killed by signal N) and its output.
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
        -> Result
    {
        let directory = FileManager.default.temporaryDirectory
        let outPath = directory.appendingPathComponent("e2e-\(UUID().uuidString).out").path
        let errPath = directory.appendingPathComponent("e2e-\(UUID().uuidString).err").path
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        var actions = Subprocess.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        Subprocess.closeInheritedDescriptors(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        var attributes = defaultSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(status: exitStatus,
                      standardOutput: (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? "",
                      standardError: (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")
    }

    /// Adds a file action that closes every descriptor above stderr in the
    /// child. Not every library opens its descriptors close-on-exec (NIO's
    /// client sockets do not), and a child that daemonizes (a database server,
    /// tmux) would otherwise hold the test's connections open after the test
    /// closed them, so the peer never sees them end.
    static func closeInheritedDescriptors(_ actions: inout SpawnFileActions) {
        SpawnSettings.closeInheritedDescriptors(&actions)
    }

    /// Spawn attributes that give the child no blocked signals and every
    /// signal's default action. The test runner calls from dispatch worker
    /// threads, which block signals, and a child inherits that mask: a tmux
    /// server started with SIGCHLD blocked outlives its `kill-server`, a
    /// python server ignores SIGTERM. Destroy the result with
    /// `posix_spawnattr_destroy`. On Darwin they also close every
    /// descriptor the file actions do not name (see `closeInheritedDescriptors`).
    public static func defaultSignalAttributes() -> SpawnAttributes {
        SpawnSettings.defaultSignalAttributes()
    }
}
