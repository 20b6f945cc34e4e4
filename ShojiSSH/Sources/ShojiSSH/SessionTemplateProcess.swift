import CShojiPseudoTerminal
import Foundation
import Logging
import NIOConcurrencyHelpers
import NIOCore
import ShojiCore
import ShojiSessions

/// The server's side of a session template (`SessionTemplate`): the app
/// started once, in the template role, on a socket; `fork` asks it for a
/// session's app and `awaitEnd` learns how that app ended, since the app is
/// the template's child and not the server's.
///
/// If the template dies (or refuses to fork because it is not
/// single-threaded), the server logs one line and starts that session and
/// every later one with `posix_spawn`, as without a template: the template
/// only saves memory, so losing it must not cost a session. Its running
/// children become the server's (it is their subreaper) and are reaped
/// as spawned apps are.
final class SessionTemplateProcess: AppProcessParent {
    let pid: pid_t
    private let socket: CInt
    private let logger: Logger
    /// One fork request at a time: a reply answers the request before it.
    private let requests = NIOLock()
    private let replies = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)
    private let state = NIOLockedValueBox(State())

    private struct State {
        var alive = true
        var stopping = false
        var reply: String?
        /// Apps whose end someone waits for.
        var waiting: [pid_t: EventLoopPromise<AppProcess.Ending>] = [:]
        /// Apps that ended before anyone waited.
        var ended: [pid_t: AppProcess.Ending] = [:]
    }

    /// Whether forks may still be asked for.
    var isAlive: Bool { state.withLockedValue { $0.alive } }

    /// Starts `executable` as the template, with `environment` (the server's own, usually).
    static func start(executable: String, environment: [String: String], logger: Logger) throws(AppProcess.SpawnError)
        -> SessionTemplateProcess
    {
        var pair: [CInt] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw AppProcess.SpawnError(step: "make the session template's socket", code: errno)
        }
        // Orphans come to the server: a dead template's sessions are still reaped.
        _ = cpt_become_subreaper()
        let argv = [strdup(executable), nil]
        defer { argv.forEach { free($0) } }
        var variables = environment
        variables[SessionTemplate.environmentVariable] = "3"
        let envp = variables.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = cpt_spawn_template(executable, argv, envp, pair[1], &pid)
        close(pair[1])
        guard spawned == 0 else {
            close(pair[0])
            throw AppProcess.SpawnError(step: "start the session template \(executable)", code: spawned)
        }
        let template = SessionTemplateProcess(pid: pid, socket: pair[0], logger: logger)
        Thread.detachNewThread { template.readMessages() }
        Thread.detachNewThread { template.reapItself() }
        logger.info("session template started", metadata: ["pid": "\(pid)"])
        return template
    }

    private init(pid: pid_t, socket: CInt, logger: Logger) {
        self.pid = pid
        self.socket = socket
        self.logger = logger
    }

    /// Asks the template for a child on the pty whose slave is `slavePath`;
    /// nil (with one line in the log) when the template is gone or refused,
    /// and the caller spawns the app itself.
    func fork(arguments: [String], environment: [String: String], slavePath: String) -> pid_t? {
        requests.withLock { () -> pid_t? in
            guard isAlive else { return nil }
            let slave = open(slavePath, O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard slave >= 0 else { return nil }
            defer { close(slave) }
            let payload = ForkRequest(arguments: arguments, environment: environment).encoded
            let sent = payload.withUnsafeBufferPointer { cpt_template_request(socket, slave, $0.baseAddress, $0.count) }
            guard sent == 0 else { return nil }
            guard replies.wait(timeout: .now() + 10) == .success else {
                abandon(because: "it did not answer a fork within 10 s")
                return nil
            }
            let reply = state.withLockedValue { state in
                defer { state.reply = nil }
                return state.reply
            }
            guard let reply else { return nil }
            if reply.hasPrefix("F "), let pid = pid_t(reply.dropFirst(2)) { return pid }
            abandon(because: String(reply.dropFirst(2)))
            return nil
        }
    }

    /// Completes `promise` when the template's child `pid` ends.
    func awaitEnd(of pid: pid_t, into promise: EventLoopPromise<AppProcess.Ending>) {
        let known: AppProcess.Ending?? = state.withLockedValue { state in
            if let ending = state.ended.removeValue(forKey: pid) { return .some(ending) }
            guard state.alive else { return .some(nil) }
            state.waiting[pid] = promise
            return nil
        }
        switch known {
        case .some(.some(let ending)): promise.succeed(ending)
        case .some(.none): AppProcess.reapOrphan(pid, into: promise)
        case .none: break
        }
    }

    /// Closes the socket, so the template exits (at the server's
    /// shutdown), and waits for it: a server never leaves it behind.
    func stop() {
        state.withLockedValue { $0.stopping = true }
        shutdown(socket, Int32(SHUT_RDWR))
        if exited.wait(timeout: .now() + 2) == .timedOut {
            kill(pid, SIGKILL)
            _ = exited.wait(timeout: .now() + 2)
        }
    }

    /// Stops using the template: it refused a fork or went silent.
    private func abandon(because reason: String) {
        let first = state.withLockedValue { state in
            defer { state.alive = false }
            return state.alive
        }
        guard first else { return }
        logger.error("session template refused a session: sessions start with posix_spawn from now on",
                     metadata: ["reason": "\(ControlCharacters.logged(reason))"])
        kill(pid, SIGTERM)
    }

    private func readMessages() {
        var buffer = [CChar](repeating: 0, count: 256)
        while true {
            let received = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count - 1, 0) }
            if received < 0, errno == EINTR { continue }
            guard received > 0 else { break }
            let message = String(decoding: buffer[..<received].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if message.hasPrefix("X ") {
                let parts = message.split(separator: " ")
                guard parts.count == 3, let pid = pid_t(parts[1]), let status = Int32(parts[2]) else { continue }
                ended(pid, AppProcess.Ending(waitStatus: status))
            } else {
                state.withLockedValue { $0.reply = message }
                replies.signal()
            }
        }
        templateEnded()
    }

    private func ended(_ pid: pid_t, _ ending: AppProcess.Ending) {
        let promise = state.withLockedValue { state -> EventLoopPromise<AppProcess.Ending>? in
            if let promise = state.waiting.removeValue(forKey: pid) { return promise }
            state.ended[pid] = ending
            return nil
        }
        promise?.succeed(ending)
    }

    /// The socket closed: the template exited. Its sessions are the
    /// server's children now (the subreaper), reaped one by one.
    private func templateEnded() {
        let (orphans, quiet) = state.withLockedValue { state in
            defer {
                state.alive = false
                state.waiting = [:]
            }
            return (state.waiting, state.stopping || !state.alive)
        }
        // A fork waiting for its reply gets none and spawns its app itself.
        replies.signal()
        if !quiet {
            logger.error("session template ended: sessions start with posix_spawn from now on",
                         metadata: ["pid": "\(pid)", "sessions": "\(orphans.count)"])
        }
        for (pid, promise) in orphans { AppProcess.reapOrphan(pid, into: promise) }
        requests.withLock { _ = close(socket) }
    }

    private func reapItself() {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exited.signal()
    }
}

extension AppProcess {
    /// Asks `template` to fork the app on a fresh pty of `size`; nil when
    /// the template is gone or refused (the caller spawns the app instead).
    static func fork(from template: SessionTemplateProcess, arguments: [String], environment: [String: String],
                     size: TerminalSize) throws(SpawnError) -> AppProcess? {
        let terminal = try openPseudoTerminal(size: size)
        guard let pid = template.fork(arguments: arguments, environment: environment, slavePath: terminal.slavePath) else {
            close(terminal.master)
            return nil
        }
        return AppProcess(pid: pid, masterDescriptor: terminal.master, parent: template)
    }
}
