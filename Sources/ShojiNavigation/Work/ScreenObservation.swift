import Observation
import Synchronization

/// One value a screen observes (see `ScreenWork.observe(_:onChange:)`):
/// read with Observation tracking, delivered, and tracked again after each
/// change until cancelled.
@MainActor
public final class ScreenObservation {
    /// Reads the value with tracking and delivers it; nil once cancelled.
    private var refresh: ((ScreenObservation) -> Void)?

    init<Value>(_ value: @escaping @MainActor () -> Value, onChange: @escaping @MainActor (Value) -> Void) {
        refresh = { observation in
            let current = withObservationTracking {
                value()
            } onChange: { [weak observation] in
                // Called once, as the first change begins (willSet), possibly
                // off the main actor: deliver on the main actor once the turn
                // that changed the model is over. Tracking stops at the first
                // change, so later changes of that turn add no delivery.
                let target = observation
                ScreenObservation.inFlight.add(1, ordering: .relaxed)
                Task { @MainActor in
                    target?.changed()
                    ScreenObservation.inFlight.subtract(1, ordering: .releasing)
                }
            }
            onChange(current)
        }
    }

    /// Deliveries scheduled and not yet run, in any observation.
    nonisolated private static let inFlight = Atomic<Int>(0)

    /// Whether a change of an observed model is on its way to a screen: it
    /// has happened, and the screen hears of it on a later turn of the main
    /// actor. The screen harness's `settle()` waits until there is none.
    nonisolated public static var hasPendingDeliveries: Bool { inFlight.load(ordering: .acquiring) > 0 }

    /// Whether changes are still delivered.
    public var isActive: Bool { refresh != nil }

    /// Stops delivering; a change already on its way is dropped.
    public func cancel() { refresh = nil }

    func start() { refresh?(self) }

    private func changed() {
        guard let refresh else { return }
        refresh(self)
    }
}
