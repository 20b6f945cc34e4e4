import ShojiNavigation

/// Back inside a layout: the focused pane's own back first (a pane's stack
/// above its root), then *uncover*: a pane that covers the one before it on
/// a narrow terminal (`LayoutItem.Collapse.cover`) gives the keys back to
/// it, so the covered pane is drawn again.
extension LayoutWidget {
    /// Whether back does something inside the layout: in the focused child
    /// (a pane's stack above its root), or the focused child covers another
    /// it can return to.
    public var canGoBack: Bool {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return false }
        return children[focusedIndex].widget.canGoBack || coveredIndex(by: focusedIndex) != nil
    }

    /// Goes back inside the focused child; else, from a pane that covers
    /// another, gives the keys to the covered one (`.focusMoved`).
    public func goBack() -> BackOutcome {
        guard let focusedIndex, children.indices.contains(focusedIndex) else { return .atRoot }
        let child = children[focusedIndex].widget
        if child.canGoBack { return child.goBack() }
        guard let covered = coveredIndex(by: focusedIndex) else { return .atRoot }
        focus(covered)
        return .focusMoved
    }

    /// The child that child `index` covers now: one shown before it in the
    /// same place (the nearest), that can take the keys, while `index` is
    /// drawn there.
    func coveredIndex(by index: Int) -> Int? {
        guard let frames = laidOut?.frames, frames.indices.contains(index), let frame = frames[index],
              isInFront(index) else { return nil }
        return frames.indices.last { $0 < index && frames[$0] == frame && canTakeKeys($0) }
    }

    /// After the keys moved: the children that came in front of a pane they
    /// share a place with hear they are shown again, those now covered that
    /// they are not (`StackPane`'s top screen as `willAppear`/`didAppear`
    /// and `willDisappear`/`didDisappear`, `movingToParent: false`, as a
    /// screen uncovered by a pop hears it).
    func tellUncovered(wasInFront before: [Int]) {
        guard laidOut != nil else { return }
        let after = children.indices.filter(isInFront)
        for index in before where !after.contains(index) { children[index].widget.paneVisibilityChanged(false) }
        for index in after where !before.contains(index) { children[index].widget.paneVisibilityChanged(true) }
    }
}

extension Widget {
    /// A pane's place in a layout was covered (`false`) or uncovered
    /// (`true`): a stack pane's top screen hears it, through nested layouts.
    func paneVisibilityChanged(_ visible: Bool) {
        if let pane = self as? StackPane {
            pane.tellTopScreen(visible: visible)
        } else if let layout = self as? LayoutWidget {
            for index in layout.children.indices where layout.isInFront(index) {
                layout.children[index].widget.paneVisibilityChanged(visible)
            }
        }
    }
}
