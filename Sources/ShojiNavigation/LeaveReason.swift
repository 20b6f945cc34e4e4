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
    /// The user chose to cancel inside the module: a form's or an alert's
    /// Cancel button, as opposed to the generic back intent (`back`). The
    /// router never uses it; a presenter or flow passes it to
    /// `ResultChannel.cancel(_:)` or `Coordinator.cancel(_:)`.
    case cancelledByUser

    /// A short name: `back`, `popped`, `dismissed`, ...
    public var description: String {
        switch self {
        case .back: "back"
        case .popped: "popped"
        case .dismissed: "dismissed"
        case .replaced: "replaced"
        case .flowEnded: "flowEnded"
        case .parentEnded: "parentEnded"
        case .cancelledByUser: "cancelledByUser"
        }
    }
}
