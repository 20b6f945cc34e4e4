import Dispatch
import Foundation

/// Blocks until SIGINT or SIGTERM, then runs `shutdown` (on this thread).
/// A second signal during the shutdown is passed as `hurry`: the grace
/// period ends at once. Shared by every server of a served app (ShojiWeb's too).
public enum ShutdownSignals {
    /// Waits for the first signal, then calls `shutdown` with a semaphore the second one signals.
    public static func wait(_ shutdown: (DispatchSemaphore) -> Void) {
        let stop = DispatchSemaphore(value: 0)
        let hurry = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "shoji.ssh.signals")
        var sources: [any DispatchSourceSignal] = []
        let received = SignalCount()
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                if received.increment() == 1 { stop.signal() } else { hurry.signal() }
            }
            source.resume()
            sources.append(source)
        }
        stop.wait()
        shutdown(hurry)
        withExtendedLifetime(sources) {}
    }
}

/// Counts signals on the signal queue only.
private final class SignalCount: @unchecked Sendable {
    private var count = 0
    func increment() -> Int {
        count += 1
        return count
    }
}
