#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import Dispatch

/// The loop where the main dispatch queue has no descriptor to poll (macOS,
/// whose main queue wakes through a Mach port, and builds with
/// `SHOJI_PORTABLE` defined): the terminal and the signal pipe are read
/// sources on the main queue, and `dispatchMain()` serves them together with
/// timers, `DispatchQueue.main` blocks and `@MainActor` work. A key is still
/// read, handled and rendered in one block; a render that other work asks
/// for is a block of its own.
@MainActor
final class DispatchSourceLoop {
    private var input: (any DispatchSourceRead)?
    private var signals: (any DispatchSourceRead)?
    /// A suspended source must be resumed before it is released
    /// (libdispatch traps otherwise), so the pause is remembered.
    private var inputPaused = false

    /// Whether the sources are serving.
    var isStarted: Bool { input != nil }

    /// Serves `descriptor` (the terminal) and, when given, `signalDescriptor`
    /// with the handlers, on the main queue.
    func start(input descriptor: Int32, signals signalDescriptor: Int32?,
               onInput: @escaping @MainActor () -> Void, onSignals: @escaping @MainActor () -> Void) {
        guard !isStarted else { return }
        input = Self.readSource(descriptor, onInput)
        signals = signalDescriptor.map { Self.readSource($0, onSignals) }
    }

    /// Cancels both sources; safe when they never started.
    func stop() {
        input?.cancel()
        signals?.cancel()
        resumeInput()
        input = nil
        signals = nil
    }

    /// Stops delivering terminal input for `duration`.
    func pauseInput(for duration: Duration) {
        guard let input, !inputPaused else { return }
        input.suspend()
        inputPaused = true
        let (seconds, attoseconds) = duration.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.main.asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            MainActor.assumeIsolated { self?.resumeInput() }
        }
    }

    private func resumeInput() {
        guard inputPaused else { return }
        inputPaused = false
        input?.resume()
    }

    private static func readSource(_ descriptor: Int32, _ handler: @escaping @MainActor () -> Void)
        -> any DispatchSourceRead
    {
        let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
        source.setEventHandler { MainActor.assumeIsolated { handler() } }
        source.resume()
        return source
    }
}

extension TerminalEventLoop {
    /// Serves the terminal and the signal pipe (when installed) from the main
    /// queue; `run()` then hands the thread to `dispatchMain()`. Tests start
    /// it on a headless screen and let the main queue serve it.
    func startDispatchSources() {
        let signalDescriptor = SignalPipe.readDescriptor
        sources.start(input: screen.inputDescriptor, signals: signalDescriptor >= 0 ? signalDescriptor : nil,
                      onInput: { [weak self] in self?.serve { $0.readInput() } },
                      onSignals: { [weak self] in self?.serve { $0.readSignals() } })
    }

    /// Stops serving the terminal and the signal pipe.
    func stopDispatchSources() { sources.stop() }

    /// Does `work`, then renders at once if it asked for a render: a key's
    /// frame leaves in the block that read the key, and no second, empty
    /// render block is queued behind it.
    private func serve(_ work: (TerminalEventLoop) -> Void) {
        rendersEachTurn = true
        defer { rendersEachTurn = false }
        work(self)
        if screen.needsRender { screen.render() }
    }
}
