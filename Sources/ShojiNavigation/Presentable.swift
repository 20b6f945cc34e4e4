/// Anything the router can show: in the app a module's panel view, in tests a
/// fake. The router's entry owns it, so it owns the rest of its module.
@MainActor
public protocol Presentable: AnyObject {
    /// Lifecycle notifications, in the order documented on `StackRouter`.
    func handle(_ event: LifecycleEvent)

    /// Asked only when the user's back intent would remove this presentable.
    /// Programmatic removals never ask: they cannot be vetoed.
    func decideBack() -> BackDecision

    /// This entry's component of a route path, or nil when it adds none (an
    /// alert, a help overlay).
    var routeComponent: String? { get }

    /// Every component this entry adds to a route path: its
    /// `routeComponent` for a screen; a container's stacks' components (a
    /// `SplitContainer` adds its list's and its open detail's).
    var routeComponents: [String] { get }

    /// The work this screen started (its presenter's tasks and observations),
    /// which the router ends right after `didLeave`; nil when it has none.
    var screenWork: ScreenWork? { get }
}

extension Presentable {
    /// Ignores lifecycle events by default.
    public func handle(_ event: LifecycleEvent) {}
    /// Leaves on back by default.
    public func decideBack() -> BackDecision { .leave }
    /// No route component by default.
    public var routeComponent: String? { nil }
    /// The `routeComponent`, if any.
    public var routeComponents: [String] { routeComponent.map { [$0] } ?? [] }
    /// No work to end by default.
    public var screenWork: ScreenWork? { nil }
}
