import ShojiCurses

/// A passive building block of a panel view: it draws into the canvas it is
/// given, handles its own keys and reports user intents through closures. It
/// never navigates.
@MainActor
public protocol Widget: AnyObject {
    /// Draws into `canvas`, already clipped to the widget's area.
    func draw(_ canvas: inout Canvas)
    /// Handles `key`; true when the widget used it.
    func handle(_ key: TerminalKey) -> Bool
    /// The bindings active now, for the footer and the help overlay.
    var bindings: [KeyBinding] { get }
    /// Set by the owner: called when the widget's look changed.
    var onNeedsDisplay: (() -> Void)? { get set }
}

extension Widget {
    public func handle(_ key: TerminalKey) -> Bool { bindings.dispatch(key) }
    public var bindings: [KeyBinding] { [] }
}
