import ShojiNavigation
import ShojiCurses

/// Where a split's parts go, worked out by the layout code the containers
/// use (`LayoutSlot`): the split is a layout of rows, its header across
/// the width (`.fixed(headerHeight)`) above its columns (`.fill`), which
/// are a layout of columns: the list (`.fixed(primaryWidth)`, at least
/// one cell, leaving one for the detail), the divider (`.fixed(1)`, left
/// out below `minimumSideBySideWidth`) and the detail
/// (`.fill`, at least one cell, *covering* the list below that width:
/// `LayoutItem.Collapse.cover`). So the split and a `LayoutWidget` share
/// one set of rules for sizes, minimums and the collapse.
extension SplitContainer {
    /// Where `column` goes in `content`: side by side, the list on the left,
    /// a divider, the detail on the right; collapsed, the whole content
    /// below the header (the two share it: the one with the keys shows).
    public func frame(of column: Column, in content: CellRect) -> CellRect {
        let frames = columnFrames(in: content)
        return (column == .primary ? frames.primary : frames.secondary) ?? columnsArea(in: content)
    }

    /// Where the header goes in `content`: its top rows, the whole width.
    func headerFrame(in content: CellRect) -> CellRect {
        guard header != nil, let frame = rowFrames(in: content).header else {
            return CellRect(x: content.x, y: content.y, width: content.width, height: 1)
        }
        return frame
    }

    /// The divider's column between the two (a cell beside the list when
    /// collapsed: its panel is hidden then).
    func dividerFrame(in content: CellRect) -> CellRect {
        if let divider = columnFrames(in: content).divider { return divider }
        let primary = frame(of: .primary, in: content)
        return CellRect(x: primary.x + primary.width, y: primary.y, width: 1, height: max(1, primary.height))
    }

    /// The header's and the columns' places in `content`, as rows.
    private func rowFrames(in content: CellRect) -> (header: CellRect?, columns: CellRect?) {
        let slots = [LayoutSlot(size: .fixed(header == nil ? 0 : max(0, headerHeight))), LayoutSlot(size: .fill(1))]
        let frames = LayoutSlot.frames(of: slots, axis: .rows, spacing: 0, in: content.size)
            .map { $0.map { CellRect(x: $0.x + content.x, y: $0.y + content.y, width: $0.width, height: $0.height) } }
        return (frames[0], frames[1])
    }

    /// What the columns share: `content` below the header.
    private func columnsArea(in content: CellRect) -> CellRect {
        rowFrames(in: content).columns
            ?? CellRect(x: content.x, y: content.y + content.height, width: content.width, height: 0)
    }

    /// The list's, the divider's and the detail's places in `content`.
    private func columnFrames(in content: CellRect) -> (primary: CellRect?, divider: CellRect?, secondary: CellRect?) {
        let area = columnsArea(in: content)
        let collapsed = CellSize(width: minimumSideBySideWidth, height: 0)
        let slots = [
            LayoutSlot(size: .fixed(primaryWidth(area.width)), minimum: 1, maximum: max(1, area.width - 2)),
            LayoutSlot(size: .fixed(1), hiddenBelow: collapsed),
            LayoutSlot(size: .fill(1), minimum: 1, hiddenBelow: collapsed, collapse: .cover),
        ]
        // Laid out on at least one row: a header that takes every row still
        // leaves the columns a place (of no height) to stand.
        let size = CellSize(width: area.width, height: max(1, area.height))
        let frames = LayoutSlot.frames(of: slots, axis: .columns, spacing: 0, in: size).map { frame in
            frame.map { CellRect(x: $0.x + area.x, y: $0.y + area.y, width: $0.width, height: area.height) }
        }
        return (frames[0], frames[1], frames[2])
    }
}
