/// Why a route path cannot be opened. Thrown before anything is shown, and
/// precise enough to tell the user which step failed and what would work.
public enum RouteError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(length: Int, limit: Int)
    case tooManyComponents(count: Int, limit: Int)
    /// `step` is the zero-based component index.
    case emptyComponent(step: Int)
    case invalidComponent(step: Int, component: String)
    /// Nothing is known by that name at that step.
    case unknownStep(step: Int, component: String, validForms: [String])
    /// Known, but cannot be reached from here (e.g. `login` while signed in).
    case unreachable(step: Int, component: String, reason: String, validForms: [String])

    /// The message for the user: what is wrong at which step, and the valid forms.
    public var description: String {
        switch self {
        case .empty:
            "empty route path"
        case .tooLong(let length, let limit):
            "route path is \(length) characters long; at most \(limit) allowed"
        case .tooManyComponents(let count, let limit):
            "route path has \(count) components; at most \(limit) allowed"
        case .emptyComponent(let step):
            "component \(step + 1) of the route path is empty"
        case .invalidComponent(let step, let component):
            "component \(step + 1) (\"\(component)\") may only contain a-z, 0-9 and -"
        case .unknownStep(let step, let component, let forms):
            "unknown component \(step + 1) (\"\(component)\"); valid forms: \(forms.joined(separator: ", "))"
        case .unreachable(let step, let component, let reason, let forms):
            "cannot open component \(step + 1) (\"\(component)\"): \(reason); valid forms: \(forms.joined(separator: ", "))"
        }
    }
}
