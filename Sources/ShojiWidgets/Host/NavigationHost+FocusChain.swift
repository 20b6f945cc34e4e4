import ShojiNavigation
import ShojiCurses

/// The screen's focus chain, which the key chain walks (`KeyChain`): every
/// pane that can take the keys, in reading order, however deep the
/// nesting: a split's columns in turn, each column's screen flattened
/// through the layouts that fill it (`LayoutWidget`). Tab and Shift-Tab
/// walk it and wrap; each pane's focus key (`LayoutItem.focusKey`,
/// `SplitContainer.focusKeys`) reaches its pane from anywhere on the screen.
/// The layouts it walks leave Tab to it.
extension NavigationHost {
    /// The layout that fills the screen of `column` (the focused screen
    /// outside a split), now walked by the key chain; nil when that screen's
    /// content is not a layout.
    func chainLayout(in column: SplitContainer.Column?) -> LayoutWidget? {
        let router: any Routing
        if let column, let container = split?.container {
            router = column == .primary ? container.primaryRouter : container.secondaryRouter
        } else {
            router = activeRouter
        }
        guard let layout = (router.top?.presentable as? PanelView)?.content as? LayoutWidget else { return nil }
        layout.isWalkedByKeyChain = true
        return layout
    }

    /// The columns the chain goes through: the one with the keys and the
    /// other when it can take them; one, nil, outside a split.
    private var chainColumns: [SplitContainer.Column?] {
        guard let container = split?.container else { return [nil] }
        return [SplitContainer.Column.primary, .secondary].filter {
            $0 == container.focusedColumn || $0 == container.otherColumn
        }
    }

    /// The panes of the chain, in reading order.
    var focusStops: [FocusStop] {
        chainColumns.flatMap { column -> [FocusStop] in
            let paths = chainLayout(in: column)?.focusPaths ?? []
            if paths.isEmpty { return column == nil ? [] : [FocusStop(column: column, path: [])] }
            return paths.map { FocusStop(column: column, path: $0) }
        }
    }

    /// The pane of the chain with the keys.
    var focusedStop: FocusStop {
        let column = split?.container.focusedColumn
        return FocusStop(column: column, path: chainLayout(in: column)?.focusedPath ?? [])
    }

    /// Moves the keys `step` panes along the chain, wrapping; false when
    /// there is no other pane.
    @discardableResult
    func moveAlongChain(by step: Int) -> Bool {
        let stops = focusStops
        let current = stops.firstIndex(of: focusedStop)
        let start = current ?? (step > 0 ? -1 : stops.count)
        guard let next = PaneCycle.next(from: start, by: step, count: stops.count, focused: current,
                                        canFocus: { _ in true }) else { return false }
        focus(stops[next], arrivingBy: step)
        return true
    }

    /// Gives the keys to `stop`: its column first (opening the highlighted
    /// item's detail, as Tab does beside a list), then its pane. A column
    /// entered without a path (its screen was not made yet) gives the keys
    /// to its first pane going forward, its last going back.
    func focus(_ stop: FocusStop, arrivingBy step: Int) {
        if let column = stop.column, let container = split?.container, column != container.focusedColumn {
            guard container.focusColumn(column) else { return }
        }
        guard let layout = chainLayout(in: stop.column) else { return }
        let paths = layout.focusPaths
        let path = stop.path.isEmpty || !paths.contains(stop.path) ? (step >= 0 ? paths.first : paths.last) : stop.path
        if let path { layout.focus(path: path) }
    }

    /// The chain's own keys, after the focused screen's: Tab and Shift-Tab
    /// when it has two panes or more ("detail" and "list" when they are a
    /// split's two columns), then the focus keys of the split's columns
    /// and of the layouts' panes. Nothing while a modal has the keys.
    func focusChainBindings(modalOnTop: Bool) -> [KeyBinding] {
        guard !modalOnTop else { return [] }
        let stops = focusStops
        var bindings: [KeyBinding] = []
        if stops.count == 2, stops.allSatisfy({ $0.path.isEmpty }), let container = split?.container {
            bindings.append(container.focusedColumn == .primary ? columnBindings.toDetail : columnBindings.toList)
        } else if stops.count >= 2 {
            bindings += paneBindings
        }
        if let container = split?.container, container.otherColumn != nil {
            bindings += columnFocusKeyBindings(of: container)
        }
        return bindings + paneFocusKeyBindings
    }

    /// The focus keys of the panes of the layouts the chain walks, made
    /// again only when those panes change.
    private var paneFocusKeyBindings: [KeyBinding] {
        let stops = chainColumns.flatMap { column in
            (chainLayout(in: column)?.focusKeyStops ?? []).map { (column: column, stop: $0) }
        }
        let signature = stops.map { FocusKeySignature(column: $0.column, stop: $0.stop) }
        if let made = madePaneFocusKeys, made.signature == signature { return made.bindings }
        let bindings = stops.map { column, stop in
            KeyBinding(focusKey: stop.key, to: stop.name) { [weak self] in
                self?.focus(FocusStop(column: column, path: stop.path), arrivingBy: 1)
            }
        }
        madePaneFocusKeys = (signature, bindings)
        return bindings
    }
}

/// What a pane focus key's binding was made for.
struct FocusKeySignature: Equatable {
    let column: SplitContainer.Column?
    let stop: LayoutWidget.FocusKeyStop
}
