/// Why an entry left a stack, or why a flow or module ended without a value.
///
/// One vocabulary serves both the leave hook and `FlowOutcome.cancelled`, so a
/// module's result always says which path ended it.
public enum LeaveReason: Hashable, Sendable, CustomStringConvertible {
    /// The user's back intent (`StackRouter.back()`).
    case back
    /// Programmatic `pop`, `pop(to:)` or `popToRoot`.
    case popped
    /// Programmatic `dismiss` or `dismissAll`.
    case dismissed
    /// `setRoot`, `setStack` or `replaceTop` put something else in its place.
    case replaced
    /// The flow that owns the entry ended (`finish(with:)` or `cancel(_:)`).
    case flowEnded
    /// The parent flow ended, taking this child flow with it.
    case parentEnded

    public var description: String {
        switch self {
        case .back: "back"
        case .popped: "popped"
        case .dismissed: "dismissed"
        case .replaced: "replaced"
        case .flowEnded: "flowEnded"
        case .parentEnded: "parentEnded"
        }
    }
}
