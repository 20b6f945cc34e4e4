/// The navigation surface coordinators depend on. `StackRouter` is the real stack;
/// `MockRouter` (ShojiTesting) records calls and can forward them to one.
///
/// Every transition edits the stack model; lifecycle events and the host
/// notification follow when the outermost transaction ends.
@MainActor
public protocol Routing: AnyObject {
    /// The stack, bottom first.
    var entries: [RouterEntry] { get }
    /// False while the stack is off screen (e.g. a deselected tab): every entry
    /// counts as hidden and receives disappear/appear events accordingly.
    var isDisplayed: Bool { get set }
    /// Told once per transaction what changed. Weak. Part of the protocol so a
    /// host can attach to every router of a tab container without downcasting.
    var host: (any RouterHost)? { get set }

    func push(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?)
    /// Shows a modal above everything.
    func present(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?)
    /// Removes the top full-screen entry (never the root) and any modal above it.
    @discardableResult func pop() -> Bool
    /// Removes everything above `presentable`. False (and no change) if it is
    /// not in the stack.
    @discardableResult func pop(to presentable: any Presentable) -> Bool
    func popToRoot()
    /// Replaces the whole stack with one full-screen entry.
    func setRoot(_ presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?)
    /// Replaces the whole stack. Presentables already in the stack keep their
    /// entry (owner and leave handler) and only take the new style.
    func setStack(_ entries: [RouterEntry])
    /// Replaces the top entry, keeping its style.
    func replaceTop(with presentable: any Presentable, owner: Coordinator?, onLeave: LeaveHandler?)
    /// Removes the top-most modal and anything above it.
    @discardableResult func dismiss() -> Bool
    /// Removes every modal and anything above the lowest one.
    func dismissAll()
    /// Removes every entry owned by `owner` or one of its descendants.
    func removeEntries(ownedBy owner: Coordinator, reason: LeaveReason)
    /// The user's back intent: dismiss the top modal, else pop; may be vetoed.
    func back() -> BackOutcome
    /// Groups transitions into one transaction: one host notification, and
    /// lifecycle events computed from the state before and after.
    func performBatch(_ body: () -> Void)
    /// Sends `.layoutChanged` to every entry, visible or not.
    func relayout()
}

extension Routing {
    /// The top entry, or nil when the stack is empty.
    public var top: RouterEntry? { entries.last }

    /// The entries drawn now, bottom first: the last full-screen entry and the
    /// modals above it; none while the stack is not displayed. The same rule
    /// as `RouterChange.visible`, for a host attaching to a stack mid-way.
    public var visibleEntries: [RouterEntry] {
        let visibility = EntryVisibility.of(entries, displayed: isDisplayed)
        return entries.filter { visibility[$0.id]?.isShown == true }
    }

    /// Pushes `presentable` without a leave hook.
    public func push(_ presentable: any Presentable, owner: Coordinator? = nil) {
        push(presentable, owner: owner, onLeave: nil)
    }

    /// Presents `presentable` without a leave hook.
    public func present(_ presentable: any Presentable, owner: Coordinator? = nil) {
        present(presentable, owner: owner, onLeave: nil)
    }

    /// Sets `presentable` as the only entry, without a leave hook.
    public func setRoot(_ presentable: any Presentable, owner: Coordinator? = nil) {
        setRoot(presentable, owner: owner, onLeave: nil)
    }

    /// Replaces the top entry, without a leave hook.
    public func replaceTop(with presentable: any Presentable, owner: Coordinator? = nil) {
        replaceTop(with: presentable, owner: owner, onLeave: nil)
    }

    /// Pushes a module whose result is cancelled with the leave reason if it
    /// leaves the stack before completing.
    public func push<Value>(_ presentable: any Presentable, owner: Coordinator?, result: ResultChannel<Value>) {
        push(presentable, owner: owner, onLeave: { result.cancel($0) })
    }

    /// Presents a module whose result is cancelled with the leave reason if it
    /// leaves the stack before completing.
    public func present<Value>(_ presentable: any Presentable, owner: Coordinator?, result: ResultChannel<Value>) {
        present(presentable, owner: owner, onLeave: { result.cancel($0) })
    }

    /// Whether `presentable` is in the stack.
    public func contains(_ presentable: any Presentable) -> Bool {
        entries.contains { $0.presentable === presentable }
    }
}
