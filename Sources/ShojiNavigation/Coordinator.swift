/// Owns a flow: builds modules (through factories), shows them with its router
/// as their owner, answers their routes, and owns its child flows.
///
/// A flow ends exactly once, by one of three paths:
/// - it finishes itself with a value (`FlowCoordinator.finish(with:)`);
/// - it is cancelled (`cancel(_:)`), by itself, by its parent, or by its router
///   when the last entry it (or a descendant) owns leaves the stack (back, pop,
///   popToRoot, setRoot, setStack, dismiss);
/// - its parent ends, which cancels it with `.parentEnded`.
///
/// Ending is one router transaction: child flows end first, every entry owned
/// by the flow or its descendants is removed (from its router and, if different,
/// its parent's), it leaves its parent's children, and the parent's callback
/// gets the outcome. The callback runs inside that transaction, so a parent that
/// reacts by showing something (auth done -> `setRoot(home)`) produces one host
/// notification, not a flash of the screen underneath.
@MainActor
open class Coordinator {
    /// The stack this flow shows its screens on: the parent's for a flow that
    /// shares it, its own for a tab or a flow in a container.
    public let router: any Routing
    /// The flow that started this one, or nil for a root flow.
    public private(set) weak var parent: Coordinator?
    /// The child flows alive now.
    public private(set) var children: [Coordinator] = []
    /// Whether the flow has ended; an ended flow ignores further calls to end it.
    public private(set) var isFinished = false

    /// A flow that shows its screens through `router`; `start()` begins it.
    public init(router: any Routing) {
        self.router = router
    }

    /// Shows the flow's first screen. Flows built from a route path are not
    /// started: the path's plan supplies their screens.
    open func start() {}

    /// Adds a child flow once; adding it again does nothing.
    public func addChild(_ child: Coordinator) {
        guard !children.contains(where: { $0 === child }) else { return }
        precondition(child.parent == nil, "\(type(of: child)) already has a parent")
        precondition(child !== self && !isSelfOrDescendant(of: child), "A flow cannot be its own ancestor")
        children.append(child)
        child.parent = self
    }

    /// Removes a child flow by identity, without ending it.
    public func removeChild(_ child: Coordinator) {
        guard let index = children.firstIndex(where: { $0 === child }) else { return }
        children.remove(at: index)
        child.parent = nil
    }

    /// Ends the flow without a value. Does nothing if it already ended.
    public func cancel(_ reason: LeaveReason) {
        end { self.deliverCancellation(reason) }
    }

    /// Reports a cancellation to whoever waits for this flow; `FlowCoordinator`
    /// overrides it to call the parent's typed callback.
    func deliverCancellation(_ reason: LeaveReason) {}

    /// The single exit every ending goes through; `deliver` tells the parent.
    func end(delivering deliver: () -> Void) {
        guard !isFinished else { return }
        isFinished = true
        router.performBatch {
            for child in children.reversed() { child.cancel(.parentEnded) }
            removeOwnedEntries(from: router)
            if let parentRouter = parent?.router, parentRouter !== router {
                removeOwnedEntries(from: parentRouter)
            }
            parent?.removeChild(self)
            deliver()
        }
    }

    /// Only asks when there is something to remove, so a flow ended by its
    /// router (its screens already gone) makes no further router calls.
    private func removeOwnedEntries(from stack: any Routing) {
        let ownsAnEntry = stack.entries.contains { $0.owner?.isSelfOrDescendant(of: self) ?? false }
        if ownsAnEntry { stack.removeEntries(ownedBy: self, reason: .flowEnded) }
    }

    /// Whether this flow is `ancestor` or below it in the tree.
    public func isSelfOrDescendant(of ancestor: Coordinator) -> Bool {
        var current: Coordinator? = self
        while let flow = current {
            if flow === ancestor { return true }
            current = flow.parent
        }
        return false
    }

    /// Number of ancestors: the router ends deeper flows first.
    var depth: Int {
        var count = 0
        var current = parent
        while let flow = current {
            count += 1
            current = flow.parent
        }
        return count
    }
}
