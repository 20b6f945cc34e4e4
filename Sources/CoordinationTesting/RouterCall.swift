import Coordination

/// One call made on a `MockRouter`, in the order it was made.
@MainActor
public enum RouterCall {
    case push(any Presentable)
    case present(any Presentable)
    case pop
    case popTo(any Presentable)
    case popToRoot
    case setRoot(any Presentable)
    case setStack([any Presentable])
    case replaceTop(any Presentable)
    case dismiss
    case dismissAll
    case removeEntries(owner: Coordinator, reason: LeaveReason)
    case back
    case batchBegan
    case batchEnded
    case relayout

    /// A one-line form such as `push(detail)` that tests compare with `#expect`.
    /// Presentables print as their `description` if they have one, else their type.
    public var summary: String {
        switch self {
        case .push(let p): "push(\(Self.name(p)))"
        case .present(let p): "present(\(Self.name(p)))"
        case .pop: "pop"
        case .popTo(let p): "popTo(\(Self.name(p)))"
        case .popToRoot: "popToRoot"
        case .setRoot(let p): "setRoot(\(Self.name(p)))"
        case .setStack(let ps): "setStack(\(ps.map(Self.name).joined(separator: ",")))"
        case .replaceTop(let p): "replaceTop(\(Self.name(p)))"
        case .dismiss: "dismiss"
        case .dismissAll: "dismissAll"
        case .removeEntries(let owner, let reason): "removeEntries(\(type(of: owner)), \(reason))"
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
