#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import CShojiCurses

/// The loop on Linux: the main thread waits in `poll` on the signal pipe, the
/// main dispatch queue's wake-up descriptor and the terminal, and drains the
/// main queue itself, so a key is read, handled and rendered in one turn.
extension TerminalEventLoop {
    private enum Slot: Int { case signals, mainQueue, terminal }

    /// Waits for something to do, does all of it, then renders once.
    func turn() {
        var descriptors = [
            pollfd(fd: SignalPipe.readDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: cn_main_queue_descriptor(), events: Int16(POLLIN), revents: 0),
        ]
        var timeout: Int32 = -1
        if let pausedUntil = terminalPausedUntil {
            let left = ContinuousClock.now.duration(to: pausedUntil)
            if left <= .zero {
                terminalPausedUntil = nil
            } else {
                timeout = left.pollTimeout
            }
        }
        if terminalPausedUntil == nil {
            descriptors.append(pollfd(fd: screen.inputDescriptor, events: Int16(POLLIN), revents: 0))
        }
        guard poll(&descriptors, nfds_t(descriptors.count), timeout) > 0 else { return }
        if descriptors[Slot.signals.rawValue].revents != 0 { readSignals() }
        if descriptors.count > Slot.terminal.rawValue, descriptors[Slot.terminal.rawValue].revents != 0 { readInput() }
        if descriptors[Slot.mainQueue.rawValue].revents != 0 { cn_drain_main_queue() }
        if screen.needsRender { screen.render() }
    }

    /// Stops reading the terminal for `duration` (a job not yet in the
    /// foreground reads nothing but EIO).
    func pauseTerminal(for duration: Duration) {
        guard rendersEachTurn else {
            sources.pauseInput(for: duration)
            return
        }
        terminalPausedUntil = ContinuousClock.now + duration
    }
}
