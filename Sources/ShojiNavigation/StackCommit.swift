/// The state a host and the presentables last heard about.
@MainActor
struct StackSnapshot {
    var entries: [RouterEntry]
    var isDisplayed: Bool

    func hasSameShape(as other: StackSnapshot) -> Bool {
        isDisplayed == other.isDisplayed
            && entries.map(\.id) == other.entries.map(\.id)
            && entries.map(\.style) == other.entries.map(\.style)
    }
}

/// An entry that left during a transaction, with the reason of its first removal.
@MainActor
struct Departure {
    let entry: RouterEntry
    let reason: LeaveReason
}

/// One transaction turned into what must be said, in order. Pure: computing it
/// touches nobody, so the router can compute first and then deliver.
///
/// Order (each step in the order given):
/// 1. `willDisappear` for shown entries that become hidden or leave (old stack, top first);
/// 2. `lostFocus` for entries that stay shown but lose the keys;
/// 3. `willAppear` for entries that become shown (new stack, bottom first);
/// 4. the host notification (skipped if nothing visible to the host changed);
/// 5. `didAppear` (same order as 3);
/// 6. `gainedFocus` for entries that stay shown and get the keys back;
/// 7. `didDisappear` (same order as 1);
/// 8. `didLeave`, the end of its `screenWork`, then the entry's leave handler,
///    for every departed entry (old stack top first, then entries that came
///    and went inside the transaction).
@MainActor
struct StackCommit {
    typealias Event = (presentable: any Presentable, event: LifecycleEvent)

    let change: RouterChange
    /// False when only entries that came and went inside the transaction left:
    /// nothing to redraw, so the host is not told.
    let changesShape: Bool
    let willPhase: [Event]
    let didPhase: [Event]
    let departures: [Departure]

    init(from old: StackSnapshot, to new: StackSnapshot, departures recorded: [ObjectIdentifier: LeaveReason], transient: [Departure]) {
        let before = EntryVisibility.of(old.entries, displayed: old.isDisplayed)
        let after = EntryVisibility.of(new.entries, displayed: new.isDisplayed)
        let newIDs = Set(new.entries.map(\.id))
        let oldIDs = Set(old.entries.map(\.id))

        let removed = old.entries.filter { !newIDs.contains($0.id) }
        let added = new.entries.filter { !oldIDs.contains($0.id) }
        let kept = new.entries.filter { oldIDs.contains($0.id) }

        let disappearing = old.entries.reversed().filter { entry in
            before[entry.id]!.isShown && !(after[entry.id]?.isShown ?? false)
        }
        let appearing = new.entries.filter { entry in
            after[entry.id]!.isShown && !(before[entry.id]?.isShown ?? false)
        }
        let losingFocus = kept.filter { before[$0.id] == .focused && after[$0.id] == .visible }
        let gainingFocus = kept.filter { before[$0.id] == .visible && after[$0.id] == .focused }

        var will: [Event] = disappearing.map { ($0.presentable, .willDisappear(movingFromParent: !newIDs.contains($0.id))) }
        will += losingFocus.map { ($0.presentable, .lostFocus) }
        will += appearing.map { ($0.presentable, .willAppear(movingToParent: !oldIDs.contains($0.id))) }

        var did: [Event] = appearing.map { ($0.presentable, .didAppear(movingToParent: !oldIDs.contains($0.id))) }
        did += gainingFocus.map { ($0.presentable, .gainedFocus) }
        did += disappearing.map { ($0.presentable, .didDisappear(movingFromParent: !newIDs.contains($0.id))) }

        changesShape = !old.hasSameShape(as: new)
        willPhase = will
        didPhase = did
        departures = removed.reversed().map { Departure(entry: $0, reason: recorded[$0.id] ?? .replaced) } + transient
        change = RouterChange(
            added: added,
            removed: removed,
            covered: kept.filter { after[$0.id]! < before[$0.id]! },
            uncovered: kept.filter { after[$0.id]! > before[$0.id]! },
            entries: new.entries,
            visible: new.entries.filter { after[$0.id]!.isShown },
            isDisplayed: new.isDisplayed
        )
    }
}
