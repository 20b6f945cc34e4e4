import ShojiNavigation
import ShojiCurses

/// The curses side of a module: a passive view the router can show. The host
/// gives it a panel while it is in a stack; it draws, handles keys and tells
/// its presenter what the user did. It never navigates.
///
/// Subclass it per screen (`ListPanelView`, `DetailPanelView`, ...): set
/// `content` to a widget that fills the view (or override `draw(_:)`), and
/// declare the screen's keys once, in its initialiser, with
/// `bind(_:_:footer:when:action:)`. The content widget's bindings come first
/// by themselves; `bindings` is what the footer, help and the palette show.
@MainActor
open class PanelView: Presentable {
    /// The panel while the view is in a stack; nil before and after. It asks
    /// the view for `cursorPosition` after each draw, since widgets place their
    /// cursor while drawing.
    public internal(set) var panel: TerminalPanel? {
        didSet {
            guard panel !== oldValue else { return }
            panel?.cursorAfterDraw = { [weak self] in self?.cursorInPanel }
        }
    }
    /// The breadcrumb title of this screen (`List`, `iPhone 15 Pro`). The
    /// host hears when it changes (a title known only once data loaded), so
    /// the breadcrumb follows.
    open var title: String {
        didSet {
            guard title != oldValue else { return }
            onTitleChange?()
            // A framed modal draws its title in its frame.
            if isPresentedModally { setNeedsDisplay() }
        }
    }
    /// Set by the host that shows the view: the title, or the keys a draw
    /// found acting, changed (the breadcrumb and footer follow).
    var onTitleChange: (() -> Void)?
    /// How many bindings acted after the last draw: a widget may learn only
    /// while drawing that some of its keys do nothing (a page that fits).
    private var bindingCountAfterDraw: Int?

    /// Tells the host when a draw changed how many keys act.
    func noteBindingsAfterDraw() {
        let count = bindings.count
        defer { bindingCountAfterDraw = count }
        if bindingCountAfterDraw != count { onTitleChange?() }
    }
    /// A widget that fills the view; its keys and bindings are the view's.
    public var content: (any Widget)? {
        didSet {
            content?.onNeedsDisplay = { [weak self] in
                self?.setNeedsDisplay()
                self?.fitModalToContent()
            }
            content?.onNeedsDisplayInRows = { [weak self] rows in
                self?.setNeedsDisplay(rows: rows)
                self?.fitModalToContent()
            }
            setNeedsDisplay()
        }
    }
    /// The path component this screen adds to a route path, if any
    /// (`tasks` for a tab's list, an item's id for its screen). Set it where
    /// the screen is made, usually by its coordinator: no subclass needed.
    public var routeComponent: String?

    /// The screen's `routeComponent`, then what its content adds: the stack
    /// of the focused pane (`Widget.routeComponents`), so a route path
    /// names where the user is inside the screen.
    public var routeComponents: [String] {
        (routeComponent.map { [$0] } ?? []) + (content?.routeComponents ?? [])
    }
    /// The work this screen's presenter started; the router ends it when the
    /// screen leaves its stack. Set it to the presenter's `ScreenWork` in the
    /// view's initialiser.
    public var screenWork: ScreenWork?

    /// A view titled `title` (the breadcrumb shows it), adding
    /// `routeComponent` to route paths.
    public init(title: String = "", routeComponent: String? = nil) {
        self.title = title
        self.routeComponent = routeComponent
    }

    /// Draws the view; the canvas is the panel, erased.
    open func draw(_ canvas: inout Canvas) {
        content?.draw(&canvas)
    }

    /// The screen's own keys, declared once with `bind(_:_:footer:when:action:)`.
    var declaredBindings: [DeclaredBinding] = []

    /// Handles `key`; true when used. The default follows the view's part
    /// of the key chain (`KeyChain`): while a text field has focus, the
    /// content widget (the field) first, then the screen's declared
    /// bindings; otherwise the declared bindings first, so a key the screen
    /// declares is never shadowed by a widget's built-in alias (a list's
    /// vim `k`), then the content widget. A mouse event arrives in the
    /// view's own coordinates (the host translates it), which are the
    /// content's.
    open func handle(_ key: TerminalKey) -> Bool {
        if isEditingText { return content?.handle(key) == true || dispatchDeclared(key) }
        return dispatchDeclared(key) || content?.handle(key) == true
    }

    /// True while a text field has focus: printable keys are text then, so the
    /// app must not treat `q` or `1` as commands. The default is the content
    /// widget's.
    open var isEditingText: Bool { content?.isEditingText ?? false }

    /// Where the terminal cursor goes (panel coordinates), when visible. Read
    /// right after each `draw(_:)`, so it may be computed while drawing. The
    /// default is the content widget's (it fills the view).
    open var cursorPosition: CellPoint? { content?.cursorPosition }

    /// How the host draws this view when it is presented as a modal:
    /// `.framed` (a box titled with `title`) by default, `.plain` for a view
    /// that draws its own. Pushed screens ignore it.
    public var modalStyle: ModalStyle = .framed {
        didSet { if modalStyle != oldValue { panel?.relayout() } }
    }
    /// Set by the host: whether the view is shown as a modal now.
    var isPresentedModally = false
    /// True while the host's panel draws the view (`drawInPanel`) or lays
    /// a modal out again for its content (`fitModalToContent`).
    var isDrawingInPanel = false

    /// For a modal: the size of its own area on a content area of `screen`
    /// (the host adds the frame around it and centres the whole, again on
    /// every resize). Screens pushed full-size ignore it. The default is 60
    /// columns (or the screen's width), as tall as the content widget
    /// measures itself there (`Widget.measuredHeight(forWidth:)`), within
    /// the screen; 12 rows when the content does not say.
    open func preferredSize(in screen: CellSize) -> CellSize {
        let width = min(screen.width, 60)
        let height = content?.measuredHeight(forWidth: width).map { max(1, $0) } ?? 12
        return CellSize(width: width, height: min(screen.height, height))
    }

    /// Asks for a redraw at the end of the current batch of events.
    public func setNeedsDisplay() {
        if keyRedraw != nil { keyRedraw = .whole }
        panel?.setNeedsDisplay()
        paneDisplay?(nil)
    }

    /// Set by a `StackPane` that shows the view inside another view's panel
    /// (a pane has no panel of its own): told what to draw again, the whole
    /// view (nil) or some rows of the panel.
    var paneDisplay: ((_ rows: [Int]?) -> Void)?

    /// Asks for only `rows` of the panel (its coordinates) to be drawn again
    /// at the end of the batch: `TerminalPanel.setNeedsDisplay(rows:)`. The
    /// content widget's `onNeedsDisplayInRows` arrives here.
    public func setNeedsDisplay(rows: [Int]) {
        if keyRedraw == KeyRedraw.none { keyRedraw = .rows }
        panel?.setNeedsDisplay(rows: rows)
        paneDisplay?(rows)
    }

    /// What the view asked to redraw while the host ran one key through it.
    enum KeyRedraw { case none, rows, whole }
    /// Nil between keys.
    private var keyRedraw: KeyRedraw?

    /// Runs `key` through `handle(_:)` for the host. A handled key redraws
    /// the whole view (screens change their state in bindings without
    /// asking for display), unless all it asked for was some rows (a list's
    /// selection moving inside its page): then only those are drawn again.
    func handleRedrawing(_ key: TerminalKey) -> Bool {
        keyRedraw = KeyRedraw.none
        defer { keyRedraw = nil }
        guard handle(key) else { return false }
        fitModalToContent()
        if keyRedraw != .rows {
            panel?.setNeedsDisplay()
            paneDisplay?(nil)
        }
        return true
    }

    /// Redraws on `layoutChanged`; on `lostFocus`/`gainedFocus` (a modal came
    /// or went above) tells the content widget, which draws its focus muted
    /// meanwhile (as in a split's column without the keys). An override
    /// should call super.
    open func handle(_ event: LifecycleEvent) {
        switch event {
        case .layoutChanged: setNeedsDisplay()
        case .lostFocus: isUnderModal = true
        case .gainedFocus: isUnderModal = false
        default: break
        }
    }

    /// Set by the host: the view is in the column of a split that does not
    /// have the keys, so its content draws its focus muted, as under a modal.
    var isInUnfocusedColumn = false {
        didSet { if isInUnfocusedColumn != oldValue { updateContentFocus() } }
    }
    private var isUnderModal = false {
        didSet { if isUnderModal != oldValue { updateContentFocus() } }
    }

    private func updateContentFocus() {
        content?.setFocused(!isUnderModal && !isInUnfocusedColumn)
        setNeedsDisplay()
    }

    /// Leaves on back; override to stay or to ask first.
    open func decideBack() -> BackDecision { .leave }
}
