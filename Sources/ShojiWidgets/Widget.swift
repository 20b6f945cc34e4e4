import ShojiCurses
import ShojiNavigation

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
    /// Set by the owner: called instead of `onNeedsDisplay` when only some
    /// rows of the widget's look changed (a list's selection moved inside
    /// its page), with those rows in its panel's coordinates (a widget notes
    /// `Canvas.originInPanel` while it draws). An empty list means nothing
    /// visible changed. The owner redraws just those rows
    /// (`TerminalPanel.setNeedsDisplay(rows:)`); a widget asks this way only
    /// when no other cell it drew would change. Default: not kept, so a
    /// widget without it uses `onNeedsDisplay`.
    var onNeedsDisplayInRows: (([Int]) -> Void)? { get set }
    /// True while a text field of the widget has focus: printable keys (and
    /// Tab) are the widget's then, not the app's commands. Default false.
    var isEditingText: Bool { get }
    /// Where the terminal cursor goes, in the widget's coordinates, while it
    /// edits text; widgets may compute it in `draw`, so owners read it after
    /// drawing. Default nil.
    var cursorPosition: CellPoint? { get }
    /// Told by the owner when its screen loses the keys (a modal went above
    /// it) or gets them back; a widget that draws focus (a selection, a
    /// focused field) draws it muted meanwhile. Default: nothing.
    func setFocused(_ focused: Bool)
    /// Whether back does something inside the widget now: a pane's stack
    /// above its root (`StackPane`). The key chain's back goes there
    /// before the stack holding the screen. Default false.
    var canGoBack: Bool { get }
    /// Goes back inside the widget (pops a pane's stack), when
    /// ``canGoBack`` says it can. Default: nothing to go back from.
    func goBack() -> BackOutcome
    /// The route components the widget adds after its screen's: a pane's
    /// stack (`StackPane`), so a deep link or `--restore` names where the
    /// user is inside it. Default none.
    var routeComponents: [String] { get }
    /// How many rows the widget wants at `width` columns to show all it
    /// has (a form's fields and buttons, a page's lines): what a layout's
    /// `.content` child gets, a scroll view's page, a sheet's height.
    /// Default nil: no preference, the widget takes the room it is given.
    func measuredHeight(forWidth width: Int) -> Int?
    /// How many columns the widget wants at `height` rows: a `.content`
    /// child of a layout in columns. Default nil: no preference.
    func measuredWidth(forHeight height: Int) -> Int?
    /// The rows (widget coordinates, at `width` columns) a scroll view
    /// keeps in sight when they change: a form's focused field with its
    /// label and error, its buttons. Default nil: nothing to follow.
    func focusedRows(forWidth width: Int) -> Range<Int>?
}

extension Widget {
    /// Handles `key`; true when the widget used it.
    public func handle(_ key: TerminalKey) -> Bool { bindings.dispatch(key) }
    /// The bindings active now, for the footer and the help overlay.
    public var bindings: [KeyBinding] { [] }
    /// Not kept: such a widget asks with `onNeedsDisplay` for every change.
    public var onNeedsDisplayInRows: (([Int]) -> Void)? {
        get { nil }
        set {}  // nothing to keep: the owner falls back to `onNeedsDisplay`
    }
    /// Not editing text by default.
    public var isEditingText: Bool { false }
    /// No cursor by default.
    public var cursorPosition: CellPoint? { nil }
    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) {}
    /// Nothing to go back from inside most widgets.
    public var canGoBack: Bool { false }
    /// Nothing to go back from: `.atRoot`.
    public func goBack() -> BackOutcome { .atRoot }
    /// No components of its own.
    public var routeComponents: [String] { [] }
    /// No preference by default: the widget fills what it is given.
    public func measuredHeight(forWidth width: Int) -> Int? { nil }
    /// No preference by default: the widget fills what it is given.
    public func measuredWidth(forHeight height: Int) -> Int? { nil }
    /// Nothing to keep in sight by default.
    public func focusedRows(forWidth width: Int) -> Range<Int>? { nil }
}
