import Dispatch

/// A timer that can be cancelled; cancelling twice is harmless.
@MainActor
public final class ScheduledTimer {
    private var onCancel: (() -> Void)?
    /// What the timer runs. Let go the moment the timer is cancelled, so what
    /// it holds (a weak reference to a spinner, say) goes with it, not
    /// whenever the dispatch source behind it is torn down.
    private var action: (@MainActor () -> Void)?
    /// Whether `cancel()` was called.
    public private(set) var isCancelled = false

    init(action: (@MainActor () -> Void)? = nil, onCancel: @escaping () -> Void) {
        self.action = action
        self.onCancel = onCancel
    }

    /// Runs the action, unless cancelled; `once` cancels the timer first.
    func fire(once: Bool) {
        guard let action else { return }
        if once { cancel() }
        action()
    }

    /// Stops the timer; harmless when it already stopped.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        action = nil
        onCancel?()
        onCancel = nil
    }
}

/// Time as the event loop sees it, so timers and animations (spinners) run
/// on real time in the app and on virtual time in tests.
@MainActor
public protocol LoopClock: AnyObject {
    /// Time since the clock started.
    var now: Duration { get }
    /// Runs `action` every `interval` on the main thread until cancelled.
    func repeating(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer
    /// Runs `action` once after `delay` on the main thread unless cancelled.
    func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer
}

/// Real time, with timers on the main dispatch queue (the event loop's).
@MainActor
public final class DispatchLoopClock: LoopClock {
    private let start = ContinuousClock.now

    /// A clock that starts now.
    public init() {}

    /// Real time since the clock was made.
    public var now: Duration { ContinuousClock.now - start }

    /// Runs `action` every `interval` on the main queue until cancelled.
    public func repeating(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        schedule(first: interval, repeatEvery: interval, action)
    }

    /// Runs `action` once after `delay` on the main queue unless cancelled.
    public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        schedule(first: delay, repeatEvery: nil, action)
    }

    private func schedule(first: Duration, repeatEvery: Duration?,
                          _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        let repeatInterval = repeatEvery.map { DispatchTimeInterval.nanoseconds(Self.nanoseconds($0)) } ?? .never
        source.schedule(deadline: .now() + .nanoseconds(Self.nanoseconds(first)), repeating: repeatInterval)
        let timer = ScheduledTimer(action: action) { source.cancel() }
        source.setEventHandler {
            MainActor.assumeIsolated { timer.fire(once: repeatEvery == nil) }
        }
        source.resume()
        return timer
    }

    private static func nanoseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
    }
}

/// Virtual time for tests: nothing happens until `advance(by:)`, which fires
/// due timers in time order.
@MainActor
public final class VirtualLoopClock: LoopClock {
    private struct Entry {
        let id: Int
        var due: Duration
        let interval: Duration?
        let action: @MainActor () -> Void
    }

    /// Virtual time: moved only by `advance(by:)`.
    public private(set) var now: Duration = .zero
    private var entries: [Entry] = []
    private var nextID = 0

    /// A clock at zero.
    public init() {}

    /// Timers not yet cancelled or fired.
    public var pendingCount: Int { entries.count }

    /// Runs `action` every `interval` of virtual time until cancelled.
    public func repeating(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        add(due: now + interval, interval: interval, action)
    }

    /// Runs `action` once after `delay` of virtual time unless cancelled.
    public func after(_ delay: Duration, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        add(due: now + delay, interval: nil, action)
    }

    /// Moves time forward, firing every timer that falls due on the way.
    public func advance(by duration: Duration) {
        let target = now + duration
        while let index = nextDueIndex(before: target) {
            let entry = entries[index]
            now = entry.due
            if let interval = entry.interval {
                entries[index].due = entry.due + interval
            } else {
                entries.remove(at: index)
            }
            entry.action()
        }
        now = target
    }

    private func nextDueIndex(before target: Duration) -> Int? {
        var best: Int?
        for (index, entry) in entries.enumerated() where entry.due <= target {
            if best == nil || entry.due < entries[best!].due { best = index }
        }
        return best
    }

    private func add(due: Duration, interval: Duration?, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        nextID += 1
        let id = nextID
        entries.append(Entry(id: id, due: due, interval: interval, action: action))
        return ScheduledTimer { [weak self] in self?.entries.removeAll { $0.id == id } }
    }
}
