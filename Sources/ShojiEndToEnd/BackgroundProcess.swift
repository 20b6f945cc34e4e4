import Foundation

/// A program started in the background with posix_spawn (no blocked
/// signals, every signal at its default), ended (SIGTERM, then SIGKILL) and
/// reaped by `stop()` or when released: a server under test, say.
public final class BackgroundProcess {
    /// The process id; 0 once stopped.
    public private(set) var pid: pid_t = 0

    /// Starts `executable`; its stdout and stderr go to `output` (a file) or
    /// nowhere. Its environment is this process's, with `environment` added.
    public init(_ executable: String, _ arguments: [String], output: String? = nil,
                environment: [String: String] = [:]) throws {
        var actions = Subprocess.makeFileActions()
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        Subprocess.closeInheritedDescriptors(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let environmentStrings = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .map { "\($0.key)=\($0.value)" }
        let envp = environmentStrings.map { strdup($0) } + [nil]
        defer { envp.forEach { free($0) } }
        // Default signal handling, so SIGTERM ends the server at once.
        var attributes = Subprocess.defaultSignalAttributes()
        defer { posix_spawnattr_destroy(&attributes) }
        let spawned = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EINVAL) }
    }

    /// Ends the process (SIGTERM, then SIGKILL after `patience` seconds) and
    /// returns its exit status (128+N when killed by signal N). Polls with
    /// `usleep`, holding the calling thread: in async code the compiler
    /// picks the async overload, which holds no cooperative thread.
    @discardableResult
    public func stop(patience: TimeInterval = 3) -> Int32? {
        guard let deadline = terminate(patience: patience) else { return nil }
        var status = reaped()
        while status == nil, Date() < deadline {
            usleep(20_000)
            status = reaped()
        }
        return finish(status)
    }

    /// Ends the process as the synchronous `stop(patience:)` does, sleeping
    /// between checks with `Task.sleep`, so no cooperative thread waits.
    @discardableResult
    public func stop(patience: TimeInterval = 3) async -> Int32? {
        guard let deadline = terminate(patience: patience) else { return nil }
        var status = reaped()
        while status == nil, Date() < deadline {
            try? await Task.sleep(nanoseconds: 20_000_000)
            status = reaped()
        }
        return finish(status)
    }

    /// Sends SIGTERM and returns when patience runs out; nil when the
    /// process was already stopped.
    private func terminate(patience: TimeInterval) -> Date? {
        guard pid > 0 else { return nil }
        kill(pid, SIGTERM)
        return Date().addingTimeInterval(patience)
    }

    /// The exit status if the process has ended (reaping it), else nil.
    private func reaped() -> Int32? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid { return status }
        if result < 0 && errno != EINTR { return 0 }
        return nil
    }

    /// Kills and reaps a process that outlived its patience (an instant:
    /// SIGKILL cannot be caught), forgets the pid, and decodes the status.
    private func finish(_ reapedStatus: Int32?) -> Int32 {
        var status = reapedStatus ?? 0
        if reapedStatus == nil {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        pid = 0
        return (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    deinit { stop() }
}
