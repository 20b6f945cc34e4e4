/// What a presentable is told as the router's stack changes.
///
/// Appearance events always come in balanced pairs (`willAppear` is followed by
/// `didAppear`, and a presentable only disappears after it appeared), so a
/// module can start and stop work symmetrically. Leaving the stack is a
/// separate, once-only event (`didLeave`), because a screen that was covered
/// when it got removed never "disappears" a second time: relying on
/// `willDisappear(movingFromParent: true)` to detect leaving is exactly the
/// `isMovingFromParent` trap that leaks coordinators in UIKit code.
public enum LifecycleEvent: Hashable, Sendable, CustomStringConvertible {
    /// `movingToParent` is true when the presentable was just pushed or presented,
    /// false when it is uncovered (the screen above left, or its tab was selected).
    case willAppear(movingToParent: Bool)
    case didAppear(movingToParent: Bool)
    /// `movingFromParent` is true when the presentable is being removed from the
    /// stack, false when it is merely covered (a push above it, its tab deselected).
    case willDisappear(movingFromParent: Bool)
    case didDisappear(movingFromParent: Bool)
    /// A modal went above it: still visible, no longer receives keys.
    case lostFocus
    /// The modal above it went away and it receives keys again.
    case gainedFocus
    /// The leave hook: sent exactly once, after the presentable left the stack,
    /// whatever removed it. Its `screenWork` ends right after.
    case didLeave(LeaveReason)
    /// The host's geometry changed (terminal resize); sent to every entry of every
    /// stack, visible or not.
    case layoutChanged

    /// How logs and tests print it: `willAppear(true)`, `didLeave(back)`, ...
    public var description: String {
        switch self {
        case .willAppear(let moving): "willAppear(moving: \(moving))"
        case .didAppear(let moving): "didAppear(moving: \(moving))"
        case .willDisappear(let moving): "willDisappear(moving: \(moving))"
        case .didDisappear(let moving): "didDisappear(moving: \(moving))"
        case .lostFocus: "lostFocus"
        case .gainedFocus: "gainedFocus"
        case .didLeave(let reason): "didLeave(\(reason))"
        case .layoutChanged: "layoutChanged"
        }
    }
}
