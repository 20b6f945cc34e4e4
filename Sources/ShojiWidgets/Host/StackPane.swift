import ShojiNavigation
import ShojiCurses

/// A pane that holds a navigation stack of its own: the top screen of its
/// `router` drawn in the pane's area, so a part of a screen drills in and
/// backs out by itself (a lazygit panel, a process's children beside the
/// table) while the rest of the screen stays.
///
/// Its screens are modules like any other (a `PanelView` with its
/// presenter, pushed by a coordinator on `router`): they hear appear,
/// disappear and leave from the router exactly as in the app's stacks, and
/// back inside the pane pops with the same rules (`decideBack()`, the leave
/// hook, child flows released). The pane adds what a pane does: keys go to
/// its top screen, and the key chain's back pops the pane's stack first
/// (``canGoBack``: above its root only, so back at the root goes on to the
/// stack holding the screen); focus moving
/// to or from the pane reaches the top screen as `gainedFocus`/`lostFocus`,
/// which draws its selection muted meanwhile; ``title`` is the pane's
/// breadcrumb.
///
///     let branches = StackPane()
///     BranchesCoordinator(router: branches.router).start()
///     content = LayoutWidget(.columns, [
///         LayoutItem(branches, size: .fraction(0.3), border: true, title: "Branches", focusable: true),
///         LayoutItem(log, border: true, title: "Log", focusable: true),
///     ])
@MainActor
public final class StackPane: Widget, RouterHost {
    /// The pane's stack: give it to the coordinator that fills the pane.
    public let router: StackRouter
    /// Called when the look of the pane changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Called when only some rows changed (panel coordinates).
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// Called when the pane's title (its breadcrumb) changed.
    public var onTitleChange: (() -> Void)?

    private var isFocused = true
    private var drawnSize: CellSize?

    /// A pane showing `router`'s stack (a new, empty one by default).
    public init(router: StackRouter = StackRouter()) {
        self.router = router
        router.host = self
        for entry in router.entries { adopt(entry) }
    }

    /// The screen shown now: the top of the pane's stack.
    public var topView: PanelView? { router.top?.presentable as? PanelView }

    /// The pane's breadcrumb: the titles of its pushed screens, bottom first,
    /// joined by ` › ` ("Branches › main").
    public var title: String {
        router.entries.filter { $0.style == .push }.compactMap { ($0.presentable as? PanelView)?.title }
            .filter { !$0.isEmpty }.joined(separator: " › ")
    }

    // MARK: Widget

    /// Draws the top screen in the pane's area; a new size first tells every
    /// screen of the stack its layout changed, as a resize does.
    public func draw(_ canvas: inout Canvas) {
        if drawnSize != canvas.size {
            let isFirst = drawnSize == nil
            drawnSize = canvas.size
            if !isFirst { withoutForwarding { router.relayout() } }
        }
        guard let view = topView else { return }
        view.draw(&canvas)
        withoutForwarding { view.noteBindingsAfterDraw() }
    }

    /// The top screen's (its field, its keys, its content's).
    public func handle(_ key: TerminalKey) -> Bool {
        topView?.handleRedrawing(key) ?? false
    }

    /// The top screen's bindings.
    public var bindings: [KeyBinding] { topView?.bindings ?? [] }

    /// Whether the pane's stack has more than its root.
    public var canGoBack: Bool { router.entries.count > 1 }

    /// Pops the pane's stack (`StackRouter.back()`: its top may ask first).
    public func goBack() -> BackOutcome { router.back() }

    /// The components of the pane's stack, bottom first: after its screen's
    /// in a route path. The coordinator filling the pane resolves them.
    public var routeComponents: [String] { router.entries.flatMap(\.presentable.routeComponents) }

    /// The top screen's.
    public var isEditingText: Bool { topView?.isEditingText ?? false }

    /// The top screen's, in the pane's coordinates.
    public var cursorPosition: CellPoint? { topView?.cursorPosition }

    /// Focus moving to or from the pane: the top screen hears it as
    /// `gainedFocus`/`lostFocus` (once per change) and draws its focus muted
    /// meanwhile.
    public func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        topView?.handle(focused ? .gainedFocus : .lostFocus)
    }

    /// The pane was uncovered (`true`: the pane covering it gave the keys
    /// back) or covered (`false`) in its layout: the top screen hears it as
    /// a screen does when a pop uncovers it or a push covers it, with
    /// `movingToParent: false` (it stays in its stack).
    func tellTopScreen(visible: Bool) {
        guard let view = topView else { return }
        if visible {
            view.handle(.willAppear(movingToParent: false))
            view.handle(.didAppear(movingToParent: false))
        } else {
            view.handle(.willDisappear(movingFromParent: false))
            view.handle(.didDisappear(movingFromParent: false))
        }
    }

    // MARK: RouterHost

    /// The stack changed: the screens that joined are wired to the pane,
    /// those that left let go of it, and the pane is drawn again.
    public func router(_ router: StackRouter, didApply change: RouterChange) {
        for entry in change.removed { (entry.presentable as? PanelView)?.paneDisplay = nil }
        for entry in change.entries { adopt(entry) }
        if !isFocused, let top = change.visible.last?.presentable as? PanelView, ObjectIdentifier(top) != previousTop {
            // A screen that arrives in a pane without the keys draws muted too.
            top.handle(.lostFocus)
        }
        previousTop = topView.map(ObjectIdentifier.init)
        onTitleChange?()
        onNeedsDisplay?()
    }

    /// The top screen at the last change, by identity only (nothing to keep alive).
    private var previousTop: ObjectIdentifier?
    private var isForwarding = true

    private func adopt(_ entry: RouterEntry) {
        guard let view = entry.presentable as? PanelView, view.paneDisplay == nil else { return }
        view.paneDisplay = { [weak self] rows in
            guard let self, self.isForwarding else { return }
            if let rows { self.onNeedsDisplayInRows?(rows) } else { self.onNeedsDisplay?() }
        }
        // The pane's title is its breadcrumb, drawn by whatever frames it.
        view.onTitleChange = { [weak self] in
            self?.onTitleChange?()
            self?.onNeedsDisplay?()
        }
    }

    /// Runs `body` without passing the screens' redraw requests up: the pane
    /// is being drawn already.
    private func withoutForwarding(_ body: () -> Void) {
        isForwarding = false
        body()
        isForwarding = true
    }

}
