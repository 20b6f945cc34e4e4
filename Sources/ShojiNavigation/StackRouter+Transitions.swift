/// The transitions of `Routing`, each expressed as "the stack becomes X".
extension StackRouter {
    /// Pushes `presentable` on top.
    public func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        apply(entries + [RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave)], reason: .replaced)
    }

    /// Presents `presentable` as a modal on top.
    public func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        apply(entries + [RouterEntry(presentable, style: .modal, owner: owner, onLeave: onLeave)], reason: .replaced)
    }

    /// Pops the top screen; false at the root.
    @discardableResult
    public func pop() -> Bool {
        guard let base = entries.lastIndex(where: { $0.style == .push }), base > 0 else { return false }
        apply(Array(entries[..<base]), reason: .popped)
        return true
    }

    /// Pops every entry above `presentable`; false when it is not in the stack.
    @discardableResult
    public func pop(to presentable: any Presentable) -> Bool {
        guard let index = entries.firstIndex(where: { $0.presentable === presentable }) else { return false }
        apply(Array(entries[...index]), reason: .popped)
        return true
    }

    /// Pops every entry above the root.
    public func popToRoot() {
        guard let root = entries.first else { return }
        apply([root], reason: .popped)
    }

    /// Replaces the whole stack with `presentable`.
    public func setRoot(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        setStack([RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave)])
    }

    /// Replaces the whole stack with `newEntries`, as one transaction.
    public func setStack(_ newEntries: [RouterEntry]) {
        let reused = newEntries.map { wanted in
            guard var existing = entries.first(where: { $0.id == wanted.id }) else { return wanted }
            existing.style = wanted.style
            return existing
        }
        apply(reused, reason: .replaced)
    }

    /// Replaces the top entry with `presentable`.
    public func replaceTop(with presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        let style = entries.last?.style ?? .push
        let replacement = RouterEntry(presentable, style: style, owner: owner, onLeave: onLeave)
        apply(entries.dropLast() + [replacement], reason: .replaced)
    }

    /// Dismisses the top modal; false when there is none.
    @discardableResult
    public func dismiss() -> Bool {
        guard let modal = entries.lastIndex(where: { $0.style == .modal }), modal > 0 else { return false }
        apply(Array(entries[..<modal]), reason: .dismissed)
        return true
    }

    /// Dismisses every modal.
    public func dismissAll() {
        guard let lowest = entries.indices.dropFirst().first(where: { entries[$0].style == .modal }) else { return }
        apply(Array(entries[..<lowest]), reason: .dismissed)
    }

    /// Removes the entries `owner` owns, with `reason`.
    public func removeEntries(ownedBy owner: Coordinator, reason: LeaveReason) {
        let remaining = entries.filter { entry in
            guard let entryOwner = entry.owner else { return true }
            return !entryOwner.isSelfOrDescendant(of: owner)
        }
        guard remaining.count != entries.count else { return }
        apply(remaining, reason: reason)
    }
}
