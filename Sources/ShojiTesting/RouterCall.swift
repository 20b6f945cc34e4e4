import ShojiNavigation

/// A presentable named in a recorded call. Weak, so that recording a call
/// never keeps a popped module alive and leak checks stay honest.
@MainActor
public struct RecordedPresentable {
    /// The presentable, while it is alive.
    public private(set) weak var presentable: (any Presentable)?
    /// The name it had when recorded.
    public let name: String

    init(_ presentable: any Presentable) {
        self.presentable = presentable
        self.name = RouterCall.name(presentable)
    }
}

/// One call made on a `MockRouter`, in the order it was made.
@MainActor
public enum RouterCall {
    /// A push.
    case push(RecordedPresentable)
    /// A present.
    case present(RecordedPresentable)
    /// A pop.
    case pop
    /// A pop to a presentable.
    case popTo(RecordedPresentable)
    /// A pop to the root.
    case popToRoot
    /// A new root.
    case setRoot(RecordedPresentable)
    /// A new stack.
    case setStack([RecordedPresentable])
    /// A new top.
    case replaceTop(RecordedPresentable)
    /// A dismiss.
    case dismiss
    /// A dismiss of every modal.
    case dismissAll
    /// The entries of an owner removed.
    case removeEntries(ownerType: String, reason: LeaveReason)
    /// A back.
    case back
    /// A batch began.
    case batchBegan
    /// A batch ended.
    case batchEnded
    /// A relayout.
    case relayout

    /// A one-line form such as `push(detail)` that tests compare with `#expect`.
    /// Presentables print as their `description` if they have one, else their type.
    public var summary: String {
        switch self {
        case .push(let p): "push(\(p.name))"
        case .present(let p): "present(\(p.name))"
        case .pop: "pop"
        case .popTo(let p): "popTo(\(p.name))"
        case .popToRoot: "popToRoot"
        case .setRoot(let p): "setRoot(\(p.name))"
        case .setStack(let ps): "setStack(\(ps.map(\.name).joined(separator: ",")))"
        case .replaceTop(let p): "replaceTop(\(p.name))"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        case .removeEntries(let owner, let reason): "removeEntries(\(owner), \(reason))"
        case .back: "back"
        case .batchBegan: "batch{"
        case .batchEnded: "}"
        case .relayout: "relayout"
        }
    }

    /// Whether the call changes the stack (as opposed to batch markers and relayout).
    public var isTransition: Bool {
        switch self {
        case .batchBegan, .batchEnded, .relayout: false
        default: true
        }
    }

    /// How a presentable is named in summaries: its description, else its type.
    public static func name(_ presentable: any Presentable) -> String {
        (presentable as? CustomStringConvertible)?.description ?? String(describing: type(of: presentable))
    }
}
