/// The stack model of one navigation stack (the app's root, or one tab), and
/// the only place that decides what is shown.
///
/// Transitions edit `entries`; when the outermost transaction ends the router
/// compares the stack with the one it last announced and delivers lifecycle
/// events, one host notification and leave hooks in the order the app kit's
/// article "The navigation contract" gives for each transition
/// (`Sources/ShojiAppKit/ShojiAppKit.docc/NavigationContract.md`; see
/// `StackCommit`), then ends every child flow that no longer owns an entry.
@MainActor
public final class StackRouter: Routing {
    /// Told once per transaction what changed (the navigation host draws it).
    public weak var host: (any RouterHost)?
    /// The stack, bottom to top.
    public private(set) var entries: [RouterEntry] = []
    /// Whether the stack is on screen (false for a hidden tab's).
    public var isDisplayed: Bool = true {
        didSet { deliverIfIdle() }
    }

    private var committed = StackSnapshot(entries: [], isDisplayed: true)
    private var departureReasons: [ObjectIdentifier: LeaveReason] = [:]
    private var transientDepartures: [Departure] = []
    private var batchDepth = 0
    private var isDelivering = false
    private var pendingBack: BackApproval?
    /// Called after each delivered transaction: a container (a split) follows
    /// changes to a stack it does not make itself (a flow ending on its own).
    var onDelivered: (() -> Void)?

    /// An empty stack.
    public init() {}

    /// Runs `body`'s transitions as one transaction.
    public func performBatch(_ body: () -> Void) {
        batchDepth += 1
        body()
        batchDepth -= 1
        deliverIfIdle()
    }

    /// Tells every entry its layout changed.
    public func relayout() {
        for entry in entries { entry.presentable.handle(.layoutChanged) }
    }

    // MARK: - The one primitive every transition goes through

    /// Replaces the stack with `newEntries`, remembering why each missing entry left.
    func apply(_ newEntries: [RouterEntry], reason: LeaveReason) {
        let newIDs = Set(newEntries.map(\.id))
        precondition(newIDs.count == newEntries.count, "A presentable can be in a stack only once")
        let committedIDs = Set(committed.entries.map(\.id))
        for entry in entries where !newIDs.contains(entry.id) {
            if committedIDs.contains(entry.id) {
                if departureReasons[entry.id] == nil { departureReasons[entry.id] = reason }
            } else {
                transientDepartures.append(Departure(entry: entry, reason: reason))
            }
        }
        for id in newIDs { departureReasons[id] = nil }
        transientDepartures.removeAll { newIDs.contains($0.entry.id) }
        performBatch { entries = newEntries }
    }

    // MARK: - Delivery

    private var snapshot: StackSnapshot { StackSnapshot(entries: entries, isDisplayed: isDisplayed) }

    private var hasUndeliveredChanges: Bool {
        !snapshot.hasSameShape(as: committed) || !transientDepartures.isEmpty
    }

    private func deliverIfIdle() {
        guard batchDepth == 0, !isDelivering else { return }
        isDelivering = true
        defer { isDelivering = false }
        while hasUndeliveredChanges {
            let commit = StackCommit(
                from: committed, to: snapshot,
                departures: departureReasons, transient: transientDepartures)
            committed = snapshot
            departureReasons = [:]
            transientDepartures = []
            if let pending = pendingBack, !entries.contains(where: { $0.id == pending.entryID }) {
                pendingBack = nil
            }
            deliver(commit)
        }
        onDelivered?()
    }

    private func deliver(_ commit: StackCommit) {
        for (presentable, event) in commit.willPhase { presentable.handle(event) }
        if commit.changesShape { host?.router(self, didApply: commit.change) }
        for (presentable, event) in commit.didPhase { presentable.handle(event) }
        for departure in commit.departures {
            departure.entry.presentable.handle(.didLeave(departure.reason))
            departure.entry.presentable.screenWork?.end()
            departure.entry.onLeave?(departure.reason)
        }
        endFlowsWithoutEntries(after: commit.departures)
    }

    // MARK: - Back

    /// The user's back intent: asks the top entry, then dismisses or pops (see "The navigation contract").
    public func back() -> BackOutcome {
        guard entries.count > 1, let top = entries.last else { return .atRoot }
        if let pending = pendingBack, pending.entryID == top.id { return .pending }
        switch top.presentable.decideBack() {
        case .leave:
            return leave(top, reason: .back)
        case .stay:
            return .vetoed
        case .ask(let ask):
            let approval = BackApproval(router: self, entryID: top.id)
            pendingBack = approval
            ask(approval)
            return approval.outcome ?? .pending
        }
    }

    /// Removes the entry that asked and anything above it (e.g. the confirmation
    /// alert it presented), if it is still in the stack.
    func resolvePendingBack(_ approval: BackApproval, approved: Bool) -> BackOutcome? {
        guard pendingBack === approval else { return nil }
        pendingBack = nil
        guard approved else { return .vetoed }
        guard let index = entries.firstIndex(where: { $0.id == approval.entryID }), index > 0 else { return nil }
        return leave(entries[index], reason: .back)
    }

    private func leave(_ entry: RouterEntry, reason: LeaveReason) -> BackOutcome {
        guard let index = entries.firstIndex(where: { $0.id == entry.id }) else { return .atRoot }
        apply(Array(entries[..<index]), reason: reason)
        return entry.style == .modal ? .dismissedModal : .popped
    }
}
