/// How an entry was shown.
public enum PresentationStyle: Hashable, Sendable {
    /// Full screen: covers everything below it.
    case push
    /// Drawn above everything; the screen below stays visible but gets no keys.
    case modal
}

/// Called once when an entry leaves its stack, after the presentable's own
/// `didLeave` event.
public typealias LeaveHandler = @MainActor (LeaveReason) -> Void

/// One element of a router's stack: the single source of truth for what is
/// shown, how, and which flow is responsible for it.
@MainActor
public struct RouterEntry {
    /// The entry owns its presentable (and through it the module).
    public let presentable: any Presentable
    /// Pushed screen or presented modal.
    public var style: PresentationStyle
    /// The flow that showed it. Weak: a coordinator owns its entries' fate, not
    /// the other way round; the router uses it to end a child flow when the
    /// flow's last entry leaves.
    public private(set) weak var owner: Coordinator?
    /// Whether the entry was shown with an owner at all.
    public let wasOwned: Bool
    let onLeave: LeaveHandler?

    /// An entry for `presentable`, owned by `owner`.
    public init(
        _ presentable: any Presentable,
        style: PresentationStyle = .push,
        owner: Coordinator? = nil,
        onLeave: LeaveHandler? = nil
    ) {
        self.presentable = presentable
        self.style = style
        self.owner = owner
        self.wasOwned = owner != nil
        self.onLeave = onLeave
    }

    /// True when the entry was shown by a flow that no longer exists: nobody
    /// held the coordinator (a root flow kept only by a local variable), so
    /// whatever its screen reports goes nowhere and its keys do nothing.
    public var isOrphaned: Bool { wasOwned && owner == nil }

    /// Identity of the entry: a presentable appears at most once in a stack.
    public var id: ObjectIdentifier { ObjectIdentifier(presentable) }
}
