/// The work one screen started (tasks, observations of its model), ended
/// together when the screen leaves its stack.
///
/// A presenter keeps one and registers what it starts in it; its view hands
/// it to the router (`Presentable.screenWork`), which ends it right after the
/// screen's `didLeave` event: the same "moving from parent" moment that
/// releases the screen's coordinator, whatever removed it (back, a pop, a
/// deep link, its flow ending). A screen that is merely covered (a push or a
/// modal above it) keeps working.
///
///     final class NotesListPresenter {
///         let work = ScreenWork()
///         func viewDidLoad() {
///             work.observe({ [store] in store.notes }) { [weak self] notes in self?.show(notes) }
///             work.task { [weak self] in await self?.loadMore() }
///         }
///     }
///
/// Ending is final: once ended, it cancels what it holds and starts nothing
/// more (a task registered later is cancelled at once).
@MainActor
public final class ScreenWork {
    /// Whether the work has ended (its screen left the stack, or `end()`).
    public private(set) var isEnded = false
    private var cancellations: [Int: () -> Void] = [:]
    private var nextID = 0

    /// Work that has not started anything yet.
    public init() {}

    /// Starts `operation` on the main actor, cancelled when the work ends.
    /// Cancellation is cooperative: the operation checks `Task.isCancelled`
    /// or reaches a cancellable suspension (`Task.sleep`, a cancellable read).
    @discardableResult
    public func task(_ operation: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        let id = reserveID()
        let task = Task { @MainActor [weak self] in
            await operation()
            self?.cancellations[id] = nil
        }
        register(id: id) { task.cancel() }
        return task
    }

    /// Cancels `task` when the work ends (a task started elsewhere, e.g. with
    /// a priority of its own).
    public func add<Success, Failure>(_ task: Task<Success, Failure>) {
        register(id: reserveID()) { task.cancel() }
    }

    /// Calls `onChange` with `value()` now, then again after every change of
    /// the Observation-tracked state `value()` read (an `@Observable` model's
    /// properties), until the work ends.
    ///
    /// Changes are delivered on the main actor, after the change (never in
    /// the middle of it), and coalesced: however many changes happen in one
    /// turn of the main actor, `onChange` runs once, with the latest value.
    /// Capture the presenter weakly in both closures: the work holds them
    /// until it ends.
    @discardableResult
    public func observe<Value>(
        _ value: @escaping @MainActor () -> Value, onChange: @escaping @MainActor (Value) -> Void
    ) -> ScreenObservation {
        let observation = ScreenObservation(value, onChange: onChange)
        guard !isEnded else {
            observation.cancel()
            return observation
        }
        // Held here (strongly) until the end: the caller may drop its handle.
        register(id: reserveID()) { observation.cancel() }
        observation.start()
        return observation
    }

    /// Runs `body` once when the work ends (at once if it already has).
    public func onEnd(_ body: @escaping @MainActor () -> Void) {
        register(id: reserveID(), cancel: body)
    }

    /// Cancels every task and observation and runs the `onEnd` bodies. The
    /// router calls it when the screen leaves; calling it again does nothing.
    public func end() {
        guard !isEnded else { return }
        isEnded = true
        let pending = cancellations.sorted { $0.key < $1.key }.map(\.value)
        cancellations = [:]
        for cancel in pending { cancel() }
    }

    /// How many tasks, observations and `onEnd` bodies are waiting for the end.
    public var activeCount: Int { cancellations.count }

    private func reserveID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    private func register(id: Int, cancel: @escaping () -> Void) {
        if isEnded { cancel() } else { cancellations[id] = cancel }
    }
}
