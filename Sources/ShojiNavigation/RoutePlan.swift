/// A stack built from a route path but not yet shown.
///
/// Resolving a path only fills a plan; nothing is attached or shown until
/// `apply(to:)`. A resolver that throws half-way therefore leaves the app
/// exactly as it was: the modules and flows it built are simply released.
@MainActor
public struct RoutePlan {
    public private(set) var entries: [RouterEntry] = []
    private var adoptions: [() -> Void] = []

    public init() {}

    public mutating func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil) {
        entries.append(RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave))
    }

    public mutating func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil) {
        entries.append(RouterEntry(presentable, style: .modal, owner: owner, onLeave: onLeave))
    }

    /// Records that `child` becomes `parent`'s child when the plan is applied.
    public mutating func adopt(_ child: Coordinator, by parent: Coordinator) {
        adoptions.append { parent.addChild(child) }
    }

    /// Records a result-returning child, with the callback its parent wants.
    public mutating func adopt<Result>(
        _ child: FlowCoordinator<Result>, by parent: Coordinator,
        onFinish: @escaping (FlowOutcome<Result>) -> Void
    ) {
        adoptions.append { parent.addChild(child, onFinish: onFinish) }
    }

    /// Attaches the planned flows and replaces the stack, as one transaction:
    /// one host notification, and flows owning the replaced entries end with
    /// `.replaced`.
    public func apply(to router: any Routing) {
        router.performBatch {
            for adopt in adoptions { adopt() }
            router.setStack(entries)
        }
    }
}
