import ShojiNavigation

/// A presentable that logs its lifecycle as `name.event` into a shared log and
/// lets a test script its back decision and route component.
@MainActor
open class FakePresentable: Presentable, CustomStringConvertible {
    public let name: String
    public let log: EventLog
    public var routeComponent: String?
    /// What `decideBack()` answers.
    public var backDecision: BackDecision = .leave
    public private(set) var events: [LifecycleEvent] = []

    public init(_ name: String, log: EventLog = EventLog(), routeComponent: String? = nil) {
        self.name = name
        self.log = log
        self.routeComponent = routeComponent
    }

    nonisolated public var description: String { name }

    public func handle(_ event: LifecycleEvent) {
        events.append(event)
        log.record("\(name).\(event)")
    }

    public func decideBack() -> BackDecision { backDecision }

    /// How many times the leave hook fired (must end at exactly 1 once removed).
    public var leaveCount: Int {
        events.count { if case .didLeave = $0 { true } else { false } }
    }
}
