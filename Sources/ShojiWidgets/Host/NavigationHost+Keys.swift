import ShojiNavigation
import ShojiCurses

/// Where a key goes: the host's part of the key order, apart from its panel
/// bookkeeping. The focused view first (a modal, else the top screen of the
/// active stack or of a split's focused column), then a split's focus keys,
/// then back; what nobody used goes back to the caller (the app's frame).
extension NavigationHost {
    /// The top entry's view: the one that gets keys.
    public var focusedView: PanelView? { activeRouter.top?.presentable as? PanelView }

    /// Whether back does something now: inside a split, or a stack with
    /// something above its root.
    public var canGoBack: Bool {
        if let split, split.container.canGoBack || split.router.entries.count > 1 { return true }
        return activeRouter.entries.count > 1
    }

    /// The user's back intent, where the keys are: the active stack, or
    /// inside a split, then the stack holding the split.
    @discardableResult
    public func back() -> BackOutcome {
        guard let split else { return activeRouter.back() }
        let outcome = split.container.back()
        return outcome == .atRoot ? split.router.back() : outcome
    }

    /// Dispatch order (the article "Keys and conventions"): the top entry (a modal, or the screen
    /// with its text fields and bindings), then back. Returns false when
    /// nobody used the key, so the app can (quit, help, tabs).
    ///
    /// A mouse event goes to the focused view only when it falls inside the
    /// view's panel, moved into the panel's coordinates: (0, 0) is the
    /// view's top-left cell wherever the view sits (below a header, in a
    /// centred modal), so a widget that fills the view reads positions as
    /// its own.
    @discardableResult
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key {
            focusColumn(at: event.position)
            guard let view = focusedView, let frame = view.panel?.frame, frame.contains(event.position) else { return false }
            return view.handleRedrawing(.mouse(event.relative(to: frame.origin)))
        }
        if let view = focusedView, view.handleRedrawing(key) { return true }
        if handleSplitFocusKey(key) { return true }
        guard backKeys.contains(key) else { return false }
        return back() != .atRoot
    }

    /// What Tab and Shift-Tab do beside a split (they come before the app's
    /// keys), for the footer and help: move the keys to the other column,
    /// at every width (`SplitContainer.focusOtherColumn()`). Nothing while
    /// a modal is on top (it takes every key) or when there is no other
    /// column to go to. The same two bindings every time (the frame compares
    /// bindings by declaration to know whether its footer changed).
    public var splitBindings: [KeyBinding] {
        guard let container = split?.container, !isModalOnTop, let column = container.otherColumn else { return [] }
        return [column == .secondary ? columnBindings.toDetail : columnBindings.toList]
    }

    /// Whether a modal (an alert, a sheet, help) is the top of the stack
    /// the keys go to: it takes every key until it closes.
    var isModalOnTop: Bool { activeRouter.top?.style == .modal }

    /// Tab and Shift-Tab move the keys between a split's columns.
    func handleSplitFocusKey(_ key: TerminalKey) -> Bool {
        guard let container = split?.container, !isModalOnTop, key == .tab || key == .backTab else { return false }
        return container.focusOtherColumn()
    }

    /// A click in a split's other column gives it the keys first.
    func focusColumn(at point: CellPoint) {
        guard let container = split?.container, container.isSideBySide, !isModalOnTop else { return }
        let content = contentArea(screen.size)
        for column in [SplitContainer.Column.primary, .secondary]
        where column != container.focusedColumn && container.frame(of: column, in: content).contains(point) {
            container.focus(column)
        }
    }
}
