/// Ends child flows whose screens are gone, whatever removed them: this is what
/// stops coordinators leaking when back pops a screen the coordinator did not
/// pop itself.
extension StackRouter {
    /// A flow stays alive on this router while any remaining entry is owned by it
    /// or by one of its descendants, or while it still owns an entry on its own
    /// router when that is another one (a list flow that showed a detail in a
    /// split's other column). Root flows (no parent) are never ended here:
    /// the app decides when they stop. Deepest flows end first so every flow is
    /// cancelled with the reason its own last entry left for.
    func endFlowsWithoutEntries(after departures: [Departure]) {
        var candidates: [(flow: Coordinator, reason: LeaveReason)] = []
        for departure in departures {
            guard let owner = departure.entry.owner, owner.parent != nil, !owner.isFinished,
                !candidates.contains(where: { $0.flow === owner })
            else { continue }
            candidates.append((owner, departure.reason))
        }
        guard !candidates.isEmpty else { return }

        var alive = Set<ObjectIdentifier>()
        for entry in entries {
            var flow = entry.owner
            while let current = flow {
                alive.insert(ObjectIdentifier(current))
                flow = current.parent
            }
        }
        let ended = candidates
            .filter { !alive.contains(ObjectIdentifier($0.flow)) && !$0.flow.ownsEntries(onOwnRouterOtherThan: self) }
            .sorted { $0.flow.depth > $1.flow.depth }
        for (flow, reason) in ended where !flow.isFinished {
            flow.cancel(reason)
        }
    }
}

extension Coordinator {
    /// Whether the flow's own router, when it is not `router`, still holds an
    /// entry the flow or a descendant owns.
    func ownsEntries(onOwnRouterOtherThan router: StackRouter) -> Bool {
        guard self.router !== router else { return false }
        return self.router.entries.contains { $0.owner?.isSelfOrDescendant(of: self) ?? false }
    }
}
