import ShojiNavigation

/// A presentable that logs its lifecycle as `name.event` into a shared log and
/// lets a test script its back decision and route component.
@MainActor
open class FakePresentable: Presentable, CustomStringConvertible {
    /// The name it logs under and prints as.
    public let name: String
    /// The log its lifecycle events go to, as `name.event`.
    public let log: EventLog
    /// Its part of a route path, or nil.
    public var routeComponent: String?
    /// What `decideBack()` answers.
    public var backDecision: BackDecision = .leave
    /// Every lifecycle event it was sent, in order.
    public private(set) var events: [LifecycleEvent] = []

    /// A fake named `name` that logs into `log`.
    public init(_ name: String, log: EventLog = EventLog(), routeComponent: String? = nil) {
        self.name = name
        self.log = log
        self.routeComponent = routeComponent
    }

    nonisolated public var description: String { name }

    /// Records `event` in `events` and the log.
    public func handle(_ event: LifecycleEvent) {
        events.append(event)
        log.record("\(name).\(event)")
    }

    /// Answers `backDecision`.
    public func decideBack() -> BackDecision { backDecision }

    /// How many times the leave hook fired (must end at exactly 1 once removed).
    public var leaveCount: Int {
        events.count { if case .didLeave = $0 { true } else { false } }
    }
}
