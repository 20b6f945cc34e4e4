import ShojiCurses
import ShojiNavigation

/// The focus chain through nested layouts: every pane that can take the
/// keys, in reading order, however deep the nesting, as paths of child
/// indices from this layout down. Tab and Shift-Tab walk it and wrap; the
/// outermost layout walks it, or the key chain does for the layout that
/// fills a screen (`KeyChain`), so a nested layout never traps Tab.
extension LayoutWidget {
    /// Child `index`'s layout when it has panes of its own that can take the
    /// keys: the child itself, or the layout filling the top screen of a
    /// stack pane. The chain goes through it to them, and it leaves Tab to
    /// this layout.
    func nestedLayout(at index: Int) -> LayoutWidget? {
        let widget = children[index].widget
        guard let inner = widget as? LayoutWidget ?? (widget as? StackPane)?.topView?.content as? LayoutWidget,
              !inner.focusPaths.isEmpty else { return nil }
        inner.parentLayout = self
        return inner
    }

    /// Whether child `index` can take the keys: it is focusable, or it is a
    /// layout holding panes that are (a row of panes needs no flag of its own).
    func canTakeKeys(_ index: Int) -> Bool {
        children[index].focusable || nestedLayout(at: index) != nil
    }

    /// The panes shown that can take the keys, in reading order, as index
    /// paths from this layout down through nested layouts.
    var focusPaths: [[Int]] {
        children.indices.flatMap { index -> [[Int]] in
            guard isShown(index) else { return [] }
            if let inner = nestedLayout(at: index) { return inner.focusPaths.map { [index] + $0 } }
            return children[index].focusable ? [[index]] : []
        }
    }

    /// The path of the pane with the keys, through nested layouts; nil when
    /// no child has them.
    var focusedPath: [Int]? {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return nil }
        guard let inner = nestedLayout(at: focusedIndex) else { return [focusedIndex] }
        return [focusedIndex] + (inner.focusedPath ?? [])
    }

    /// Gives the keys to the pane at `path`, each layout on the way
    /// focusing its part of it.
    func focus(path: [Int]) {
        guard let first = path.first else { return }
        focus(first)
        guard focusedIndex == first, path.count > 1 else { return }
        nestedLayout(at: first)?.focus(path: Array(path.dropFirst()))
    }

    /// Moves the keys `step` panes along the chain, wrapping; false when
    /// there is no other pane.
    func moveAlongChain(by step: Int) -> Bool {
        let paths = focusPaths
        let current = focusedPath.flatMap { paths.firstIndex(of: $0) }
        let start = current ?? (step > 0 ? -1 : paths.count)
        guard let next = PaneCycle.next(from: start, by: step, count: paths.count, focused: current,
                                        canFocus: { _ in true }) else { return false }
        focus(path: paths[next])
        return true
    }

    /// A pane with a focus key, shown, at any depth: the key, the name it is
    /// offered under ("to <name>") and its path.
    struct FocusKeyStop: Equatable {
        let key: TerminalKey
        let name: String
        let path: [Int]
    }

    /// Every shown pane's focus key through nested layouts, in reading order.
    var focusKeyStops: [FocusKeyStop] {
        children.indices.flatMap { index -> [FocusKeyStop] in
            guard isShown(index), canTakeKeys(index) else { return [] }
            let item = children[index]
            var stops: [FocusKeyStop] = []
            if let key = item.focusKey {
                let name = item.title ?? (item.widget as? StackPane)?.title ?? "pane \(index + 1)"
                stops.append(FocusKeyStop(key: key, name: name, path: [index]))
            }
            if let inner = nestedLayout(at: index) {
                stops += inner.focusKeyStops.map { FocusKeyStop(key: $0.key, name: $0.name, path: [index] + $0.path) }
            }
            return stops
        }
    }

    /// Whether this layout walks its chain itself: it is the outermost, and
    /// no key chain walks it for it.
    var walksItsChain: Bool { parentLayout == nil && !isWalkedByKeyChain }

    /// Tab, Shift-Tab and the focus keys, when this layout walks its chain
    /// and it has two panes or more.
    var chainBindings: [KeyBinding] {
        guard walksItsChain, focusPaths.count >= 2 else { return [] }
        return paneBindings + focusKeyBindings
    }

    /// Made once, so the footer can tell nothing changed.
    private var paneBindings: [KeyBinding] {
        if let made = madePaneBindings { return made }
        let made = [
            KeyBinding([.tab], "next pane") { [weak self] in self?.focusNext() },
            KeyBinding([.backTab], "previous pane") { [weak self] in self?.focusPrevious() },
        ]
        madePaneBindings = made
        return made
    }

    /// A binding per shown pane with a `focusKey`, made again only when the
    /// panes with keys change.
    private var focusKeyBindings: [KeyBinding] {
        let stops = focusKeyStops
        if let made = madeFocusKeyBindings, made.stops == stops { return made.bindings }
        let bindings = stops.map { stop in
            KeyBinding(focusKey: stop.key, to: stop.name) { [weak self] in self?.focus(path: stop.path) }
        }
        madeFocusKeyBindings = (stops, bindings)
        return bindings
    }
}
