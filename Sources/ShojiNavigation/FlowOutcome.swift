/// How a module or a child flow ended: with a value, or without one and why.
public enum FlowOutcome<Value> {
    case completed(Value)
    case cancelled(LeaveReason)

    /// The value of a completed outcome, else nil.
    public var value: Value? {
        if case .completed(let value) = self { value } else { nil }
    }

    /// Why a cancelled outcome ended, else nil.
    public var cancellationReason: LeaveReason? {
        if case .cancelled(let reason) = self { reason } else { nil }
    }
}

extension FlowOutcome: Sendable where Value: Sendable {}
extension FlowOutcome: Equatable where Value: Equatable {}
