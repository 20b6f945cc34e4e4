import ShojiCore
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

/// One run of a tool: the child, its pipes, the thread that reads them
/// (`pump`), and what the reader has not taken yet.
///
/// The thread owns the child: it alone reads the pipes, ends the child
/// when asked or when the timeout passes, and reaps it, so every path
/// through it reaps. The reader's side (`take`, `outcome`, `stop`) only
/// touches the shared state under the lock and wakes the thread through
/// a pipe.
final class ToolRun: @unchecked Sendable {
    /// Whether the thread collects standard output whole or hands it over
    /// as the reader asks for it.
    enum Mode { case collect, stream }

    /// How much standard output a streaming run holds for its reader
    /// before it stops reading the pipe (and the program blocks writing).
    static let window = 64 << 10

    let tool: Tool
    let mode: Mode
    let pid: pid_t
    private let output: Int32
    private let errors: Int32
    private let input: Int32
    private let wakeRead: Int32
    private let wakeWrite: Int32

    private let lock = ToolLock()
    private var pending: [UInt8] = []
    private var throttled = false
    private var stopReason: ToolError.Reason?
    private var result: Result<ToolOutput, ToolError>?
    private var waiter: CheckedContinuation<Void, Never>?

    init(tool: Tool, mode: Mode, pid: pid_t, output: Int32, errors: Int32, input: Int32, wake: (Int32, Int32)) {
        self.tool = tool
        self.mode = mode
        self.pid = pid
        self.output = output
        self.errors = errors
        self.input = input
        (wakeRead, wakeWrite) = wake
    }

    // MARK: The reader's side

    /// Waits for the run to end and returns how it went (collect mode).
    func outcome() async -> Result<ToolOutput, ToolError> {
        await waitForChange()
        return lock.withLock { result! }
    }

    /// Waits for standard output not taken yet, or the end: the bytes, and
    /// how the run went once nothing is left (stream mode).
    func take() async -> (bytes: [UInt8], result: Result<ToolOutput, ToolError>?) {
        await waitForChange()
        let (taken, wake) = lock.withLock { () -> ((bytes: [UInt8], result: Result<ToolOutput, ToolError>?), Bool) in
            let bytes = pending
            pending = []
            let wake = throttled
            throttled = false
            return ((bytes, bytes.isEmpty ? result : nil), wake)
        }
        if wake { poke() }
        return taken
    }

    /// Asks the thread to end the run for `reason` (the first reason wins;
    /// nothing once the run ended).
    func stop(_ reason: ToolError.Reason) {
        let stopping = lock.withLock { () -> Bool in
            guard result == nil, stopReason == nil else { return false }
            stopReason = reason
            return true
        }
        if stopping { poke() }
    }

    private func waitForChange() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let ready = lock.withLock { () -> Bool in
                    if !pending.isEmpty || result != nil { return true }
                    waiter = continuation
                    return false
                }
                if ready { continuation.resume() }
            }
        } onCancel: {
            stop(.cancelled)
        }
    }

    /// Wakes the thread from `poll`.
    private func poke() {
        var byte: UInt8 = 1
        _ = write(wakeWrite, &byte, 1)
    }

    // MARK: The thread

    /// Reads the pipes until both end (or the run is stopped), ends the
    /// child if it has to, reaps it, and hands the reader the outcome.
    func pump() {
        let chunk = 64 << 10
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 1)
        defer { buffer.deallocate() }
        var outputOpen = true
        var errorsOpen = true
        var inputOpen = input >= 0
        var collected: [UInt8] = []
        var errorTail: [UInt8] = []
        var written = 0
        let clock = ContinuousClock()
        let deadline = tool.timeout.map { clock.now + $0 }
        var reason: ToolError.Reason?
        var exit: ToolExit?

        while outputOpen || errorsOpen || inputOpen {
            let (stopped, reading) = lock.withLock { () -> (ToolError.Reason?, Bool) in
                let reading = mode == .collect || pending.count < Self.window
                if !reading { throttled = true }
                return (stopReason, reading)
            }
            if let stopped {
                reason = stopped
                break
            }
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - clock.now
                if left <= .zero {
                    reason = .timedOut(tool.timeout!)
                    break
                }
                timeout = Int32(clamping: Self.milliseconds(left))
            }
            // While the reader keeps output waiting, a program that already
            // exited is reaped now, not when the reader gets to the end.
            if !reading && exit == nil {
                exit = reapIfExited()
                if exit == nil { timeout = timeout < 0 ? 100 : min(timeout, 100) }
            }
            var descriptors = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            descriptors.append(pollfd(fd: outputOpen && reading ? output : -1, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: errorsOpen ? errors : -1, events: Int16(POLLIN), revents: 0))
            descriptors.append(pollfd(fd: inputOpen ? input : -1, events: Int16(POLLOUT), revents: 0))
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                reason = .couldNotStart(errno)
                break
            }
            if descriptors[0].revents != 0 {
                while read(wakeRead, buffer.baseAddress, chunk) > 0 {}
            }
            if descriptors[1].revents != 0 {
                let count = read(output, buffer.baseAddress, chunk)
                if count > 0 {
                    let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                    if mode == .collect {
                        collected.append(contentsOf: bytes)
                        if collected.count > tool.outputLimit {
                            reason = .outputLimitPassed(tool.outputLimit)
                            break
                        }
                    } else {
                        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
                            pending.append(contentsOf: bytes)
                            defer { waiter = nil }
                            return waiter
                        }
                        waiting?.resume()
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    outputOpen = false
                }
            }
            if descriptors[2].revents != 0 {
                let count = read(errors, buffer.baseAddress, chunk)
                if count > 0 {
                    errorTail.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    if errorTail.count > 2 * ToolError.standardErrorTail {
                        errorTail.removeFirst(errorTail.count - ToolError.standardErrorTail)
                    }
                } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                    errorsOpen = false
                }
            }
            if descriptors[3].revents != 0, let bytes = tool.input {
                let count = bytes.count == written ? 0 : bytes[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
                if count > 0 { written += count }
                if written == bytes.count || (count < 0 && errno != EAGAIN && errno != EINTR) {
                    if count < 0 && errno == EPIPE { Self.discardPendingSIGPIPE() }
                    close(input)
                    inputOpen = false
                }
            }
        }
        if inputOpen { close(input) }
        if reason != nil, exit == nil { exit = end() }
        let status = exit ?? reap()
        close(output)
        close(errors)
        close(wakeRead)
        close(wakeWrite)

        if errorTail.count > ToolError.standardErrorTail {
            errorTail.removeFirst(errorTail.count - ToolError.standardErrorTail)
        }
        let standardError = String(decoding: errorTail, as: UTF8.self)
        let outcome: Result<ToolOutput, ToolError>
        if let reason {
            outcome = .failure(ToolError(reason, tool: tool, standardError: standardError))
        } else if status.succeeded {
            outcome = .success(ToolOutput(standardOutput: collected, standardError: standardError))
        } else {
            outcome = .failure(ToolError(.failed(status), tool: tool, standardError: standardError))
        }
        let waiting = lock.withLock { () -> CheckedContinuation<Void, Never>? in
            result = outcome
            defer { waiter = nil }
            return waiter
        }
        waiting?.resume()
    }

    /// SIGTERM to the run's process group, SIGKILL after the grace; the
    /// child is reaped when this returns.
    private func end() -> ToolExit {
        kill(-pid, SIGTERM)
        let clock = ContinuousClock()
        let end = clock.now + tool.terminationGrace
        var pause: UInt32 = 500
        while clock.now < end {
            if let exit = reapIfExited() {
                // What it started in its group goes with it.
                return exit
            }
            usleep(pause)
            pause = min(pause * 2, 20_000)
        }
        kill(-pid, SIGKILL)
        return reap()
    }

    /// Reaps the child if it has exited, without waiting.
    private func reapIfExited() -> ToolExit? {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0, Self.pid(of: info) == pid else {
            return nil
        }
        return reap()
    }

    /// Waits for the child to exit and reaps it. The registry forgets it
    /// first, under its lock, so the app's exit never signals the number
    /// once another process may have it.
    @discardableResult
    func reap() -> ToolExit {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) != 0 && errno == EINTR {}
        var status: Int32 = 0
        ToolRegistry.shared.reaping(pid) {
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        return ToolExit(waitStatus: status)
    }

    private static func pid(of info: siginfo_t) -> pid_t {
        #if canImport(Glibc)
        info._sifields._sigchld.si_pid
        #else
        info.si_pid
        #endif
    }

    /// The SIGPIPE a write to a closed pipe left pending on this thread
    /// (which blocks it), taken so it is not delivered later.
    private static func discardPendingSIGPIPE() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGPIPE)
        var now = timespec(tv_sec: 0, tv_nsec: 0)
        _ = sigtimedwait(&signals, nil, &now)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }
}
