import ShojiNavigation
import ShojiCurses

/// Where a key goes: the host's part of the key chain (`KeyChain`), apart
/// from its panel bookkeeping. The view that has the keys first (a modal on
/// any stack on screen, else the top screen of the active stack or of a
/// split's focused column), then the screen's focus chain (Tab, Shift-Tab,
/// the panes' focus keys), then back (inside the screen's focused pane
/// first); the frame adds its own keys last.
extension NavigationHost {
    /// The view that gets keys: a modal on any stack on screen (the stack
    /// holding a split, either of its columns, the active stack), else the
    /// top entry of the active stack. A modal takes every key until it
    /// closes, whatever column presented it.
    public var focusedView: PanelView? {
        (modalRouter ?? activeRouter).top?.presentable as? PanelView
    }

    /// The stack whose top is a modal on screen, if any: the stack holding a
    /// split (help, a sheet over the whole split), then the column with the
    /// keys, then the other column, then the active stack.
    ///
    /// Asked several times per key (the key chain, back, the footer): it
    /// looks at each stack's top in place rather than gathering the stacks
    /// into arrays of existentials first, which cost a quarter of a Down.
    var modalRouter: (any Routing)? {
        guard let split else { return Self.modal(activeRouter) }
        if let modal = Self.modal(split.router) { return modal }
        let active = split.container.activeRouter
        if let modal = Self.modal(active) { return modal }
        for router in split.container.routers where router !== active {
            if let modal = Self.modal(router) { return modal }
        }
        return nil
    }

    /// `router` when a modal is its top (its style read in place: `top`
    /// copies the whole entry, weak owner and all).
    private static func modal(_ router: any Routing) -> (any Routing)? {
        let entries = router.entries
        guard let last = entries.indices.last else { return nil }
        return entries[last].style == .modal ? router : nil
    }

    /// Whether a modal (an alert, a sheet, help) has the keys: it takes every
    /// key until it closes.
    var isModalOnTop: Bool { modalRouter != nil }

    /// Whether back does something now: a modal to close, inside a split, or
    /// a stack with something above its root.
    public var canGoBack: Bool {
        canGoBack(modalOnTop: isModalOnTop, focused: focusedView)
    }

    /// `canGoBack` given what the key chain already found: whether a modal
    /// is on top and the view with the keys.
    private func canGoBack(modalOnTop: Bool, focused: PanelView?) -> Bool {
        if modalOnTop || focused?.content?.canGoBack == true { return true }
        if let split, split.container.canGoBack || split.router.entries.count > 1 { return true }
        return activeRouter.entries.count > 1
    }

    /// The user's back intent, where the keys are: the stack of the modal on
    /// top, else inside the focused screen (a pane's stack above its root:
    /// `Widget.goBack()`), else the active stack, or inside a split, then
    /// the stack holding the split.
    @discardableResult
    public func back() -> BackOutcome {
        if let modalRouter { return modalRouter.back() }
        if let content = focusedView?.content, content.canGoBack { return content.goBack() }
        guard let split else { return activeRouter.back() }
        let outcome = split.container.back()
        return outcome == .atRoot ? split.router.back() : outcome
    }

    /// The key chain as it stands, with the frame's keys at its end: `frame`
    /// normally, `whileEditing` while a screen's text field has focus.
    ///
    /// Made twice per key (dispatch, then the footer): the modal on top is
    /// looked for once here, not once by each part that depends on it.
    public func keyChain(frame: [KeyBinding] = [], whileEditing: [KeyBinding] = []) -> KeyChain {
        let modal = modalRouter
        let view = (modal ?? activeRouter).top?.presentable as? PanelView
        let isModal = modal != nil
        return KeyChain(view: view, isModal: isModal, focus: focusChainBindings(modalOnTop: isModal),
                        back: canGoBack(modalOnTop: isModal, focused: view) ? backBinding : nil,
                        frame: frame, frameWhileEditing: whileEditing)
    }

    /// Runs `key` through the host's part of the chain (the frame adds its
    /// own keys: `AppFrame.handle(_:)`); false when nobody used it.
    ///
    /// A mouse event goes to the focused view only when it falls inside the
    /// view's panel, moved into the panel's coordinates: (0, 0) is the
    /// view's top-left cell wherever the view sits (below a header, in a
    /// centred modal), so a widget that fills the view reads positions as
    /// its own.
    @discardableResult
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        return keyChain().dispatch(key)
    }

    /// A click in a split's other column gives it the keys first; then the
    /// event goes to the focused view if it falls inside it.
    func handleMouse(_ event: MouseEvent) -> Bool {
        focusColumn(at: event.position)
        guard let view = focusedView, let frame = view.panel?.frame, frame.contains(event.position) else { return false }
        return view.handleRedrawing(.mouse(event.relative(to: frame.origin)))
    }

    /// The key chain's focus keys (`KeyChain.Layer.Role.focus`): Tab and
    /// Shift-Tab along the screen's focus chain, every pane of it in
    /// reading order however nested, a split's columns included and at
    /// every width; then the focus keys of a split's columns
    /// (`SplitContainer.focusKeys`) and of the layouts' panes
    /// (`LayoutItem.focusKey`). Nothing while a modal has the keys or when
    /// there is no other pane to go to. The same bindings every time (the
    /// frame compares bindings by declaration to know whether its footer
    /// changed).
    public var focusChainBindings: [KeyBinding] { focusChainBindings(modalOnTop: isModalOnTop) }

    /// The key chain's focus keys.
    @available(*, deprecated, renamed: "focusChainBindings")
    public var splitBindings: [KeyBinding] { focusChainBindings }

    /// The focus keys' bindings of `container`'s columns, made again only
    /// when its keys change.
    func columnFocusKeyBindings(of container: SplitContainer) -> [KeyBinding] {
        let keys = container.focusKeys
        guard !keys.isEmpty else { return [] }
        if let made = madeColumnFocusKeys, made.split == ObjectIdentifier(container), made.keys == keys {
            return made.bindings
        }
        let columns: [(SplitContainer.Column, String)] = [(.primary, "list"), (.secondary, "detail")]
        let bindings = columns.compactMap { column, name -> KeyBinding? in
            guard let key = keys[column] else { return nil }
            return KeyBinding(focusKey: key, to: name) { [weak self] in
                _ = self?.split?.container.focusColumn(column)
            }
        }
        madeColumnFocusKeys = (ObjectIdentifier(container), keys, bindings)
        return bindings
    }

    /// A click in a split's other column gives it the keys first: the
    /// column whose place (`SplitContainer.frame(of:in:)`) holds the point,
    /// as a click on a layout's pane does.
    func focusColumn(at point: CellPoint) {
        guard let container = split?.container, container.isSideBySide, !isModalOnTop else { return }
        let content = contentArea(screen.size)
        for column in [SplitContainer.Column.primary, .secondary]
        where column != container.focusedColumn && container.frame(of: column, in: content).contains(point) {
            container.focus(column)
        }
    }
}
