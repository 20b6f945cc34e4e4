#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch
import CShojiCurses

/// A signal that ends the program after the terminal is restored.
public enum TerminationSignal: Int32, Sendable {
    case hangup = 1, interrupt = 2, quit = 3, terminate = 15

    /// The conventional exit status for a process ended by this signal.
    public var exitStatus: Int32 { 128 + rawValue }
}

/// The one main-thread loop: keys, resizes, signals, timers and work finished
/// by async tasks all run on the main thread, and each turn of the loop ends
/// with at most one render.
///
/// On Linux the main thread waits in `poll` on three descriptors: the
/// terminal, a signal self-pipe, and the main dispatch queue's wake-up
/// descriptor. A key is read, handled and rendered in the same turn, with no
/// hop through a dispatch queue; `@MainActor` work, timers and
/// `DispatchQueue.main` blocks run when the loop drains the main queue,
/// exactly as they would under `dispatchMain()` (which the loop replaces).
/// Where the main queue has no descriptor (macOS, or a build with
/// `SHOJI_PORTABLE` defined) the terminal and the signal pipe are dispatch
/// read sources on the main queue instead, and `dispatchMain()` serves them.
/// Call ``run()`` from synchronous code on the main thread: top-level code
/// or a synchronous `main`, never from inside a task or a block on the main
/// queue.
@MainActor
public final class TerminalEventLoop {
    /// The screen the loop reads keys from and renders.
    public let screen: TerminalScreen
    /// The clock timers and animations run on.
    public let clock: any LoopClock
    /// Every key, in order, as a batch is read.
    public var onKey: (TerminalKey) -> Void = { _ in }
    /// After the screen adopted a new size and re-laid out its panels.
    public var onResize: (CellSize) -> Void = { _ in }
    /// When a signal ends the program: the terminal is already restored (the
    /// user has their shell's screen back at once), the process exits right
    /// after. The place to save state. Keep it short.
    public var onTermination: (TerminationSignal) -> Void = { _ in }

    /// Whether the work running now is followed by a render anyway: always
    /// in the polling loop, and inside a dispatch source's block. Otherwise
    /// a render request is served by a block on the main queue of its own.
    var rendersEachTurn = false
    private var emptyWakeups = 0
    /// Polling loop: when the terminal is not ours to read (a background
    /// job), the time to look again.
    var terminalPausedUntil: ContinuousClock.Instant?
    /// Dispatch-source loop: the sources serving the terminal and the signal pipe.
    let sources = DispatchSourceLoop()

    /// A loop for `screen`; `run` starts it.
    public init(screen: TerminalScreen, clock: any LoopClock = DispatchLoopClock()) {
        self.screen = screen
        self.clock = clock
        // While the polling loop runs it renders at the end of every turn;
        // before (and in tests that drive `handle` without `run`), and under
        // the dispatch-source loop, a render request is served on the main
        // queue.
        screen.onNeedsRender = { [weak self, weak screen] in
            guard self?.rendersEachTurn != true else { return }
            // A render that happened meanwhile (a key's, under the
            // dispatch-source loop) leaves nothing for this one to do.
            DispatchQueue.main.async {
                MainActor.assumeIsolated { if let screen, screen.needsRender { screen.render() } }
            }
        }
    }

    /// Paints the first frame and serves events until something ends the process.
    public func run() -> Never {
        precondition(cn_is_main_thread() != 0 && withUnsafeCurrentTask(body: { $0 == nil }),
                     "TerminalEventLoop.run() drives the main queue itself: call it from synchronous code on the main thread")
        SignalPipe.install()
        if cn_main_queue_descriptor() >= 0 {
            rendersEachTurn = true
            screen.render()
            while true { turn() }
        }
        startDispatchSources()
        screen.render()
        dispatchMain()
    }

    /// Restores the terminal and exits with `status`.
    public func terminate(status: Int32) -> Never {
        stopDispatchSources()
        screen.end()
        exit(status)
    }

    /// Handles one batch of keys as if just read from the terminal; the render
    /// follows at the end of the batch. Tests drive a headless screen this way.
    public func handle(_ keys: [TerminalKey]) {
        for key in keys {
            if key == .resize {
                screen.refreshSizeFromTerminal()
                onResize(screen.size)
            } else {
                onKey(key)
            }
        }
    }

    // MARK: Input

    func readInput() {
        let keys = screen.pendingKeys()
        // Part of a paste read is input too, though no key is decided yet.
        if keys.isEmpty, !screen.readPasteBodyInLastBatch {
            detectHangup()
        } else {
            emptyWakeups = 0
            handle(screen.capabilities.kittyKeyboard ? keys.filter(remainsAKey) : keys)
        }
    }

    /// Under the kitty keyboard protocol the terminal reports Ctrl-C, Ctrl-Z
    /// and Ctrl-\ as keys instead of sending the bytes that make the line
    /// discipline signal: raise the signals here, so quitting and suspending
    /// behave as on any terminal; such a key is used up (false).
    private func remainsAKey(_ key: TerminalKey) -> Bool {
        let signal: Int32
        switch key {
        case .control("c"): signal = SIGINT
        case .control("z"): signal = SIGTSTP
        case .control("\\"): signal = SIGQUIT
        default: return true
        }
        raise(signal)
        return false
    }

    /// A terminal that went away stays readable forever with nothing to
    /// read; treat that as the hang-up it is instead of spinning. A process
    /// that is not (yet) the terminal's foreground job, as right after `fg`,
    /// also reads nothing (EIO): it waits for the terminal instead.
    private func detectHangup() {
        let foreground = tcgetpgrp(screen.inputDescriptor)
        if foreground == -1 { end(for: .hangup) }
        if foreground != getpgrp() {
            emptyWakeups = 0
            pauseTerminal(for: .milliseconds(50))
            return
        }
        var descriptor = pollfd(fd: screen.inputDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 0)
        let hungUp = descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        emptyWakeups += 1
        if hungUp || emptyWakeups > 100 { end(for: .hangup) }
    }

    // MARK: Signals

    func readSignals() {
        var buffer = [UInt8](repeating: 0, count: 64)
        let count = read(SignalPipe.readDescriptor, &buffer, buffer.count)
        guard count > 0 else { return }
        for signal in buffer[..<count] { handleSignal(Int32(signal)) }
    }

    private func handleSignal(_ signal: Int32) {
        switch signal {
        case SIGWINCH:
            screen.refreshSizeFromTerminal()
            onResize(screen.size)
        case SIGTSTP:
            screen.pause()
            cn_suspend_self(SignalPipe.writeDescriptor)
            screen.resume()
        case SIGCONT:
            screen.resume()
        default:
            if let termination = TerminationSignal(rawValue: signal) { end(for: termination) }
        }
    }

    private func end(for signal: TerminationSignal) -> Never {
        screen.end()
        onTermination(signal)
        terminate(status: signal.exitStatus)
    }
}
