/// A presentable's answer to the user's back intent.
@MainActor
public enum BackDecision {
    /// Leave now.
    case leave
    /// Stay (nothing changes).
    case stay
    /// Ask first, e.g. a "discard your changes?" alert. The closure receives an
    /// approval to answer later; until then `back()` reports `.pending`.
    case ask((BackApproval) -> Void)
}

/// What `back()` did.
public enum BackOutcome: Hashable, Sendable {
    case dismissedModal
    case popped
    /// Nothing to go back to: the app decides (e.g. the footer says `q quit`).
    case atRoot
    /// The top presentable refused.
    case vetoed
    /// The top presentable is asking; it answers through its `BackApproval`.
    case pending
    /// Nothing left: the keys moved to another column of a `SplitContainer`
    /// (back from a detail shown beside its list).
    case focusMoved
}
