/// A stack built from a route path but not yet shown.
///
/// Resolving a path only fills a plan; nothing is attached or shown until
/// `apply(to:)`. A resolver that throws half-way therefore leaves the app
/// exactly as it was: the modules and flows it built are simply released.
///
/// A plan can reach more than one stack: an app whose path names a tab plans
/// that tab's stack with `stack(_:on:)` and selects the tab in
/// `afterApplying(_:)`. Everything is applied in one go, each router's
/// changes as one transaction.
@MainActor
public struct RoutePlan {
    /// The planned stack, bottom to top.
    public private(set) var entries: [RouterEntry] = []
    private var adoptions: [() -> Void] = []
    private var nested: [(router: any Routing, plan: RoutePlan)] = []
    private var completions: [() -> Void] = []

    /// An empty plan.
    public init() {}

    /// A plan for `router`'s stack that starts with the root it has now (a
    /// tab's list), kept as it is: whatever is above the root is replaced by
    /// what the plan pushes next, and the root is neither rebuilt nor told
    /// it left. Empty when the router has no root yet.
    public init(keepingRootOf router: any Routing) {
        if let root = router.entries.first { keep(root) }
    }

    /// Plans a pushed entry on top.
    public mutating func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil) {
        entries.append(RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave))
    }

    /// Plans a presented (modal) entry on top.
    public mutating func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler? = nil) {
        entries.append(RouterEntry(presentable, style: .modal, owner: owner, onLeave: onLeave))
    }

    /// Keeps an entry that is already in the stack (a tab's root, say) at this
    /// place, with its owner and leave handler: it is neither rebuilt nor told
    /// it left.
    public mutating func keep(_ entry: RouterEntry) {
        entries.append(entry)
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

    /// Plans another router's whole stack too (a tab's, when the path names a
    /// tab), applied right after this plan's own stack.
    public mutating func stack(_ plan: RoutePlan, on router: any Routing) {
        nested.append((router, plan))
    }

    /// Runs `action` once every stack of the plan is in place: select the tab
    /// the path names, select the linked row in a list below a detail.
    public mutating func afterApplying(_ action: @escaping @MainActor () -> Void) {
        completions.append(action)
    }

    /// Attaches the planned flows and replaces the stack, as one transaction:
    /// one host notification, and flows owning the replaced entries end with
    /// `.replaced`. A plan with no entries of its own leaves `router` as it is
    /// and applies only its nested stacks.
    public func apply(to router: any Routing) {
        router.performBatch {
            for adopt in adoptions { adopt() }
            if !entries.isEmpty { router.setStack(entries) }
        }
        for (other, plan) in nested { plan.apply(to: other) }
        for action in completions { action() }
    }
}
