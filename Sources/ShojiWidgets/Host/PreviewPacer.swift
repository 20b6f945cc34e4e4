import ShojiCurses

/// Paces a split's previews on the loop's clock: a highlight after the
/// selection rested is previewed at once; one that comes sooner than
/// ``rest`` after the last (a held key repeats every 25-40 ms) waits until
/// no other has come for ``rest``, so a held Down makes one preview when it
/// stops, not one per row it passed. A person's separate presses are
/// further apart than that, so each shows at once.
@MainActor
final class PreviewPacer {
    let clock: any LoopClock
    /// How long the selection must stay to count as resting.
    var rest: Duration
    /// When the last highlight came.
    private var lastRequest: Duration?
    /// The preview waiting for the selection to rest.
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
        pending?.cancel()
        pending = nil
        if rested {
            preview()
            return
        }
        pending = clock.after(rest) { [weak self] in
            self?.pending = nil
            preview()
        }
    }

    isolated deinit { pending?.cancel() }
}
