/// The transitions of `Routing`, each expressed as "the stack becomes X".
extension StackRouter {
    public func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        apply(entries + [RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave)], reason: .replaced)
    }

    public func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        apply(entries + [RouterEntry(presentable, style: .modal, owner: owner, onLeave: onLeave)], reason: .replaced)
    }

    @discardableResult
    public func pop() -> Bool {
        guard let base = entries.lastIndex(where: { $0.style == .push }), base > 0 else { return false }
        apply(Array(entries[..<base]), reason: .popped)
        return true
    }

    @discardableResult
    public func pop(to presentable: any Presentable) -> Bool {
        guard let index = entries.firstIndex(where: { $0.presentable === presentable }) else { return false }
        apply(Array(entries[...index]), reason: .popped)
        return true
    }

    public func popToRoot() {
        guard let root = entries.first else { return }
        apply([root], reason: .popped)
    }

    public func setRoot(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        setStack([RouterEntry(presentable, style: .push, owner: owner, onLeave: onLeave)])
    }

    public func setStack(_ newEntries: [RouterEntry]) {
        let reused = newEntries.map { wanted in
            guard var existing = entries.first(where: { $0.id == wanted.id }) else { return wanted }
            existing.style = wanted.style
            return existing
        }
        apply(reused, reason: .replaced)
    }

    public func replaceTop(with presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?) {
        let style = entries.last?.style ?? .push
        let replacement = RouterEntry(presentable, style: style, owner: owner, onLeave: onLeave)
        apply(entries.dropLast() + [replacement], reason: .replaced)
    }

    @discardableResult
    public func dismiss() -> Bool {
        guard let modal = entries.lastIndex(where: { $0.style == .modal }), modal > 0 else { return false }
        apply(Array(entries[..<modal]), reason: .dismissed)
        return true
    }

    public func dismissAll() {
        guard let lowest = entries.indices.dropFirst().first(where: { entries[$0].style == .modal }) else { return }
        apply(Array(entries[..<lowest]), reason: .dismissed)
    }

    public func removeEntries(ownedBy owner: Coordinator, reason: LeaveReason) {
        let remaining = entries.filter { entry in
            guard let entryOwner = entry.owner else { return true }
            return !entryOwner.isSelfOrDescendant(of: owner)
        }
        guard remaining.count != entries.count else { return }
        apply(remaining, reason: reason)
    }
}
