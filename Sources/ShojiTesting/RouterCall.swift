import ShojiNavigation

/// A presentable named in a recorded call. Weak, so that recording a call
/// never keeps a popped module alive and leak checks stay honest.
@MainActor
public struct RecordedPresentable {
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
    case push(RecordedPresentable)
    case present(RecordedPresentable)
    case pop
    case popTo(RecordedPresentable)
    case popToRoot
    case setRoot(RecordedPresentable)
    case setStack([RecordedPresentable])
    case replaceTop(RecordedPresentable)
    case dismiss
    case dismissAll
    case removeEntries(ownerType: String, reason: LeaveReason)
    case back
    case batchBegan
    case batchEnded
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

    public static func name(_ presentable: any Presentable) -> String {
        (presentable as? CustomStringConvertible)?.description ?? String(describing: type(of: presentable))
    }
}
