import ShojiCurses

/// Where the children go, and how long the layout itself wants to be.
extension LayoutWidget {
    /// Each child's frame on a layout of `size`: nil for a child left out
    /// (`hiddenBelow`) or cut for want of room. Children are placed in
    /// order along the axis, `spacing` apart, across the whole other axis;
    /// none reaches outside `size`.
    func frames(in size: CellSize) -> [CellRect?] {
        let total = axis == .rows ? size.height : size.width
        let cross = axis == .rows ? size.width : size.height
        let shown = children.indices.filter { !children[$0].isHidden(in: size) }
        let available = max(0, total - spacing * max(0, shown.count - 1))
        let demands = shown.map { demand(of: children[$0], along: available, across: cross) }
        let lengths = LayoutDemand.lengths(of: demands, in: available)
        var frames = [CellRect?](repeating: nil, count: children.count)
        var position = 0
        for (index, length) in zip(shown, lengths) {
            // The last children are cut when the minimums do not fit.
            let cut = min(length, total - position)
            if cut > 0 {
                frames[index] = axis == .rows
                    ? CellRect(x: 0, y: position, width: cross, height: cut)
                    : CellRect(x: position, y: 0, width: cut, height: cross)
            }
            position += max(0, cut) + spacing
        }
        return frames
    }

    /// What `item` asks for on an axis of `available` cells whose other
    /// axis is `cross` cells: its content measured inside its border.
    private func demand(of item: LayoutItem, along available: Int, across cross: Int) -> LayoutDemand {
        let kind: LayoutDemand.Kind
        switch item.size {
        case .fixed(let length): kind = .exact(length)
        case .fill(let weight): kind = .fill(weight)
        case .fraction(let part): kind = .exact(Int((part * Double(available)).rounded()))
        case .content:
            let inner = max(0, cross - item.chrome)
            let measured = axis == .rows ? item.widget.measuredHeight(forWidth: inner)
                                         : item.widget.measuredWidth(forHeight: inner)
            kind = measured.map { .content($0 + item.chrome) } ?? .fill(1)
        }
        return LayoutDemand(kind: kind, minimum: max(0, item.minimum), maximum: item.maximum)
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
        let shown = children.filter { item in
            guard let hiddenBelow = item.hiddenBelow else { return true }
            return width >= hiddenBelow.width
        }
        switch axis {
        case .rows:
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
            let shown = children.filter { item in
                guard let hiddenBelow = item.hiddenBelow else { return true }
                return height >= hiddenBelow.height
            }
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
