import ShojiCurses

/// Where the children go, and how long the layout itself wants to be.
extension LayoutWidget {
    /// Each child's frame on a layout of `size` (``LayoutSlot/frames(of:axis:spacing:in:)``):
    /// nil for a child left out (`hiddenBelow`) or cut for want of room; a
    /// child that covers another below its size shares that one's frame.
    func frames(in size: CellSize) -> [CellRect?] {
        LayoutSlot.frames(of: children.map { $0.slot(along: axis) }, axis: axis, spacing: spacing, in: size)
    }

    /// The frame of child `index`'s widget (inside its border), from the
    /// last layout; nil when it is not shown or before the first draw.
    func contentFrame(of index: Int) -> CellRect? {
        guard let frames = laidOut?.frames, frames.indices.contains(index), let frame = frames[index] else { return nil }
        return children[index].contentFrame(in: frame)
    }

    // MARK: Measuring

    /// In rows: the children's heights added up (fixed ones as given, the
    /// others measured, each within its bounds), with the spacing; nil when
    /// a child that is not fixed does not say. In columns: the tallest
    /// child's measured height at the width it gets; nil when none says.
    public func measuredHeight(forWidth width: Int) -> Int? {
        switch axis {
        case .rows:
            let shown = placedChildren { item in item.hiddenBelow.map { width < $0.width } ?? false }
            return sumOfLengths(shown) { $0.widget.measuredHeight(forWidth: max(0, width - $0.chrome)) }
        case .columns:
            // Heights do not change widths: lay out on any height.
            let frames = frames(in: CellSize(width: width, height: .max))
            let heights = children.indices.compactMap { index -> Int? in
                guard let frame = frames[index] else { return nil }
                let item = children[index]
                return item.widget.measuredHeight(forWidth: max(0, frame.width - item.chrome)).map { $0 + item.chrome }
            }
            return heights.max()
        }
    }

    /// In columns: the children's widths added up (fixed ones as given, the
    /// others measured, each within its bounds), with the spacing; nil when
    /// a child that is not fixed does not say. In rows: the widest child's
    /// measured width at the height it gets; nil when none says.
    public func measuredWidth(forHeight height: Int) -> Int? {
        switch axis {
        case .columns:
            let shown = placedChildren { item in item.hiddenBelow.map { height < $0.height } ?? false }
            return sumOfLengths(shown) { $0.widget.measuredWidth(forHeight: max(0, height - $0.chrome)) }
        case .rows:
            // Widths do not change heights: lay out on any width.
            let frames = frames(in: CellSize(width: .max, height: height))
            let widths = children.indices.compactMap { index -> Int? in
                guard let frame = frames[index] else { return nil }
                let item = children[index]
                return item.widget.measuredWidth(forHeight: max(0, frame.height - item.chrome)).map { $0 + item.chrome }
            }
            return widths.max()
        }
    }

    /// The children that take a place of their own along the axis, as
    /// ``LayoutSlot/frames(of:axis:spacing:in:)`` places them: a child that
    /// `isHidden` is left out, unless it collapses by covering (`.cover`),
    /// when it takes the place of the child before it and is measured in
    /// its stead (a detail covering its list is as tall as the detail).
    private func placedChildren(isHidden: (LayoutItem) -> Bool) -> [LayoutItem] {
        var placed: [LayoutItem] = []
        for item in children {
            if !isHidden(item) {
                placed.append(item)
            } else if item.collapse == .cover, !placed.isEmpty {
                placed[placed.count - 1] = item
            }
        }
        return placed
    }

    /// `items`' lengths along the axis added up with the spacing: fixed
    /// ones as given, the others as `measure` says plus their border, each
    /// within its bounds; nil when one that is not fixed has no measure.
    private func sumOfLengths(_ items: [LayoutItem], measure: (LayoutItem) -> Int?) -> Int? {
        var total = spacing * max(0, items.count - 1)
        for item in items {
            let bounds = LayoutDemand(kind: .exact(0), minimum: item.minimum, maximum: item.maximum)
            if case .fixed(let length) = item.size {
                total += bounds.clamped(length)
            } else if let measured = measure(item) {
                total += bounds.clamped(measured + item.chrome)
            } else {
                return nil
            }
        }
        return total
    }

    /// The focused child's focused rows, moved by its pane, on a layout as
    /// tall as it measures at `width`: a scroll view of a layout follows the
    /// focus inside it. Nil when the layout does not measure itself.
    public func focusedRows(forWidth width: Int) -> Range<Int>? {
        guard let focusedIndex, let height = measuredHeight(forWidth: width),
              let frame = frames(in: CellSize(width: width, height: height))[focusedIndex] else { return nil }
        let inner = children[focusedIndex].contentFrame(in: frame)
        guard let rows = children[focusedIndex].widget.focusedRows(forWidth: inner.width) else { return nil }
        return (inner.y + rows.lowerBound)..<(inner.y + rows.upperBound)
    }
}
