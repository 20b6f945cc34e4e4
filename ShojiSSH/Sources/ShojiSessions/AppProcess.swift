import CShojiPseudoTerminal
import Foundation
import NIOCore

/// Whoever started an app that is not this process's child (ShojiSSH's
/// session template), and so reports its end.
package protocol AppProcessParent: Sendable {
    /// Completes `promise` when the app `pid` ends.
    func awaitEnd(of pid: pid_t, into promise: EventLoopPromise<AppProcess.Ending>)
}

/// One session's app: a process started in its own session on a
/// fresh pseudo-terminal. The server keeps the master side. Shared by
/// every way of serving an app (SSH, a browser in ShojiWeb), so each
/// session is the same process, pty, limits and environment.
public struct AppProcess: Sendable {
    /// The app's process id; it leads its own session and process group.
    public let pid: pid_t
    /// The pty master (close-on-exec, non-blocking); whoever reads it owns it.
    public let masterDescriptor: CInt
    /// The session template that forked the app, which reports its end; nil
    /// for an app this process spawned (and reaps) itself.
    package var parent: (any AppProcessParent)?

    /// An app already started as `pid` on the pty `masterDescriptor`, by
    /// `parent` (nil: by this process).
    package init(pid: pid_t, masterDescriptor: CInt, parent: (any AppProcessParent)? = nil) {
        self.pid = pid
        self.masterDescriptor = masterDescriptor
        self.parent = parent
    }

    /// A step of starting the app failed, with its errno.
    public struct SpawnError: Error, CustomStringConvertible {
        let step: String
        let code: CInt

        /// `step` failed with errno `code`.
        package init(step: String, code: CInt) {
            self.step = step
            self.code = code
        }

        /// `cannot <step>: <strerror>`
        public var description: String { "cannot \(step): \(String(cString: strerror(code)))" }
    }

    /// How the app ended, as a session reports it to its client.
    public enum Ending: Sendable, Equatable {
        /// Exited with this status.
        case exited(Int32)
        /// Ended by this signal.
        case signalled(Int32)
    }

    /// Opens a pty of `size` and starts `executable` on it in a session of its own.
    public static func spawn(executable: String, arguments: [String], environment: [String: String],
                      size: TerminalSize) throws(SpawnError) -> AppProcess {
        var master: CInt = -1
        var slavePath = [CChar](repeating: 0, count: 128)
        let opened = cpt_open(UInt16(clamping: size.rows), UInt16(clamping: size.columns), &master, &slavePath,
                              slavePath.count)
        guard opened == 0 else { throw SpawnError(step: "open a pseudo-terminal", code: opened) }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = cpt_spawn(executable, argv, envp, slavePath, &pid)
        guard spawned == 0 else {
            close(master)
            throw SpawnError(step: "start \(executable)", code: spawned)
        }
        return AppProcess(pid: pid, masterDescriptor: master)
    }

    /// Opens a pty of `size`: its master (close-on-exec) and the slave's path.
    package static func openPseudoTerminal(size: TerminalSize) throws(SpawnError) -> (master: CInt, slavePath: String) {
        var master: CInt = -1
        var slavePath = [CChar](repeating: 0, count: 128)
        let opened = cpt_open(UInt16(clamping: size.rows), UInt16(clamping: size.columns), &master, &slavePath,
                              slavePath.count)
        guard opened == 0 else { throw SpawnError(step: "open a pseudo-terminal", code: opened) }
        return (master, String(decoding: slavePath.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Waits for the app on a thread of its own (blocking `waitpid`, so no
    /// SIGCHLD handling is shared with anything else in the process) and
    /// completes `promise` with how it ended.
    /// An app a session template forked is the template's child: the
    /// template reports its end instead.
    public func reap(into promise: EventLoopPromise<Ending>) {
        if let parent { return parent.awaitEnd(of: pid, into: promise) }
        let pid = self.pid
        Thread.detachNewThread {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 {
                guard errno == EINTR else {
                    promise.succeed(.exited(1))
                    return
                }
            }
            promise.succeed(Ending(waitStatus: status))
        }
    }

    /// Reaps a dead template's child, which the kernel hands to this
    /// process (its subreaper) a moment after the template's socket closed.
    package static func reapOrphan(_ pid: pid_t, into promise: EventLoopPromise<Ending>) {
        Thread.detachNewThread {
            var status: Int32 = 0
            var tries = 0
            while waitpid(pid, &status, 0) < 0 {
                if errno == ECHILD, tries < 200 {
                    tries += 1
                    usleep(10_000)
                } else if errno != EINTR {
                    promise.succeed(.exited(1))
                    return
                }
            }
            promise.succeed(Ending(waitStatus: status))
        }
    }

    /// Signals the app's whole process group (it leads its own session).
    public func signal(_ signal: Int32) {
        _ = cpt_signal_group(pid, signal)
    }

    /// Sets the pty's size; the kernel tells the app with SIGWINCH.
    public static func resize(master: CInt, to size: TerminalSize) {
        _ = cpt_resize(master, UInt16(clamping: size.rows), UInt16(clamping: size.columns))
    }
}

extension AppProcess.Ending {
    /// From a status `waitpid` filled in.
    package init(waitStatus status: Int32) {
        let signal = status & 0x7F
        self = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// `exit 0`, `signal 1`: for the log.
    public var logDescription: String {
        switch self {
        case .exited(let status): "exit \(status)"
        case .signalled(let signal): "signal \(signal)"
        }
    }

    /// The name the SSH exit-signal message wants ("HUP", not "SIGHUP").
    package static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGHUP: "HUP"
        case SIGINT: "INT"
        case SIGQUIT: "QUIT"
        case SIGILL: "ILL"
        case SIGABRT: "ABRT"
        case SIGFPE: "FPE"
        case SIGKILL: "KILL"
        case SIGSEGV: "SEGV"
        case SIGPIPE: "PIPE"
        case SIGALRM: "ALRM"
        case SIGTERM: "TERM"
        case SIGUSR1: "USR1"
        case SIGUSR2: "USR2"
        default: "\(signal)"
        }
    }
}
