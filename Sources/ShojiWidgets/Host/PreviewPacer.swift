import ShojiCurses

/// Paces a split's previews on the loop's clock: a highlight after the
/// selection rested is previewed at once; one that comes sooner than
/// ``rest`` after the last (a held key repeats every 25-40 ms) waits until
/// no other has come for ``rest``, so a held Down makes one preview when it
/// stops, not one per row it passed. A person's separate presses are
/// further apart than that, so each shows at once.
///
/// Keys that keep coming share one timer: a key only moves the time the
/// selection must rest until, and the timer, when it fires early, waits
/// for the rest of it. Cancelling and making a timer per key woke
/// dispatch's timer thread and then the loop once more for every key.
@MainActor
final class PreviewPacer {
    let clock: any LoopClock
    /// How long the selection must stay to count as resting.
    var rest: Duration
    /// When the last highlight came.
    private var lastRequest: Duration?
    /// The preview waiting for the selection to rest (the latest asked for).
    private var waiting: (@MainActor () -> Void)?
    /// The timer that runs `waiting`, when it is set.
    private var pending: ScheduledTimer?

    init(clock: any LoopClock, rest: Duration) {
        self.clock = clock
        self.rest = rest
    }

    /// Runs `preview` now when the selection had rested, else once it rests.
    func request(_ preview: @escaping @MainActor () -> Void) {
        let now = clock.now
        let rested = lastRequest.map { now - $0 >= rest } ?? true
        lastRequest = now
        if rested {
            pending?.cancel()
            pending = nil
            waiting = nil
            preview()
            return
        }
        waiting = preview
        if pending == nil { wait(rest) }
    }

    private func wait(_ delay: Duration) {
        pending = clock.after(delay) { [weak self] in self?.restedOrWaitAgain() }
    }

    /// The timer fired: the preview runs if no key came for `rest`, else
    /// the timer waits until `rest` after the last one.
    private func restedOrWaitAgain() {
        pending = nil
        guard let lastRequest, let preview = waiting else { return }
        let quiet = clock.now - lastRequest
        if quiet < rest {
            wait(rest - quiet)
            return
        }
        waiting = nil
        preview()
    }

    isolated deinit { pending?.cancel() }
}
