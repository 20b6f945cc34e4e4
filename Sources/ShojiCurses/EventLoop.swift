import Foundation
import CShojiCurses

/// A signal that ends the program after the terminal is restored.
public enum TerminationSignal: Int32, Sendable {
    case hangup = 1, interrupt = 2, quit = 3, terminate = 15

    /// The conventional exit status for a process ended by this signal.
    public var exitStatus: Int32 { 128 + rawValue }
}

/// The one main-thread loop: keys, resizes, signals, timers and work finished
/// by async tasks all run on the main dispatch queue, and each batch of
/// events ends with at most one render.
///
/// On Linux, `@MainActor` work runs only while the main thread is inside
/// `dispatchMain()`, so the loop never blocks in `wgetch` or `poll`: the
/// terminal and a signal self-pipe are dispatch read sources instead.
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
    /// Just before the terminal is restored and the process exits for a
    /// signal: the place to save state. Keep it short.
    public var onTermination: (TerminationSignal) -> Void = { _ in }

    private var sources: [any DispatchSourceProtocol] = []
    private var inputSource: (any DispatchSourceRead)?
    private var emptyWakeups = 0

    /// A loop for `screen`; `run` starts it.
    public init(screen: TerminalScreen, clock: any LoopClock = DispatchLoopClock()) {
        self.screen = screen
        self.clock = clock
        screen.onNeedsRender = { [weak screen] in
            DispatchQueue.main.async { MainActor.assumeIsolated { screen?.render() } }
        }
    }

    /// Paints the first frame and serves events until something ends the process.
    public func run() -> Never {
        installSignalSource()
        installInputSource()
        screen.render()
        dispatchMain()
    }

    /// Restores the terminal and exits with `status`.
    public func terminate(status: Int32) -> Never {
        for source in sources { source.cancel() }
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

    // MARK: Sources

    private func installInputSource() {
        let source = DispatchSource.makeReadSource(fileDescriptor: STDIN_FILENO, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readInput() }
        }
        source.resume()
        sources.append(source)
        inputSource = source
    }

    private func readInput() {
        let keys = screen.pendingKeys()
        if keys.isEmpty {
            detectHangup()
        } else {
            emptyWakeups = 0
            handle(keys)
        }
    }

    /// A terminal that went away stays readable forever with nothing to
    /// read; treat that as the hang-up it is instead of spinning. A process
    /// that is not (yet) the terminal's foreground job, as right after `fg`,
    /// also reads nothing (EIO): it waits for the terminal instead.
    private func detectHangup() {
        let foreground = tcgetpgrp(STDIN_FILENO)
        if foreground == -1 { end(for: .hangup) }
        if foreground != getpgrp() {
            emptyWakeups = 0
            waitForTerminal()
            return
        }
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 0)
        let hungUp = descriptor.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        emptyWakeups += 1
        if hungUp || emptyWakeups > 100 { end(for: .hangup) }
    }

    private func waitForTerminal() {
        guard let inputSource else { return }
        inputSource.suspend()
        DispatchQueue.main.asyncAfter(deadline: .now() + .milliseconds(50)) { inputSource.resume() }
    }

    private func installSignalSource() {
        SignalPipe.install()
        let source = DispatchSource.makeReadSource(fileDescriptor: SignalPipe.readDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.readSignals() }
        }
        source.resume()
        sources.append(source)
    }

    private func readSignals() {
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
        onTermination(signal)
        terminate(status: signal.exitStatus)
    }
}
