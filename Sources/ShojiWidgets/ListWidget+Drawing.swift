import ShojiCurses

extension ListWidget {
    /// The narrowest title column worth keeping the secondary column for.
    static let minimumTitleWidth = 8
    static let columnGap = 2

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let showsFilterBar = isFiltering && canvas.size.height >= 2
        let rowsHeight = max(0, canvas.size.height - (showsFilterBar ? 1 : 0))
        visibleRowCount = max(1, rowsHeight)
        if isScrolledFreely {
            scrollOffset = min(scrollOffset, max(0, visibleCount - visibleRowCount))
        } else {
            scrollOffset = ScrollOffset.keeping(selectedRow, visible: visibleRowCount, count: visibleCount,
                                                current: scrollOffset)
        }
        cursorPosition = nil
        drawnPage = nil
        if showsFilterBar { drawFilterBar(on: canvas, row: rowsHeight, theme: theme) }
        if isLoading, progressWidget.progress != nil {
            progressWidget.draw(on: canvas.subcanvas(CellRect(x: 0, y: 0, width: canvas.size.width, height: 1)), theme: theme)
        } else if isLoading {
            spinner.draw(on: canvas.subcanvas(CellRect(x: 0, y: 0, width: canvas.size.width, height: 1)), theme: theme)
        } else if visibleCount == 0 {
            let message = filter.isActive ? "No results for '\(filter.query)'" : emptyMessage
            canvas.text(message, at: .zero, style: theme.secondary)
        } else {
            drawRows(on: canvas, height: rowsHeight, theme: theme)
        }
    }

    private func drawRows(on canvas: Canvas, height: Int, theme: Theme) {
        let end = min(visibleCount, scrollOffset + height)
        guard scrollOffset < end else { return }
        let page = DrawnPage(top: canvas.originInPanel.y, scrollOffset: scrollOffset, height: visibleRowCount,
                             count: visibleCount)
        let width = canvas.size.width
        // The secondary column is as wide as the widest on the page: a
        // partial redraw (same page, same width) keeps the width measured
        // by the full draw before it and reads only the rows it draws.
        let secondaryWidth: Int
        var rows: [ListRow] = []
        if !canvas.drawsEverything, let measured = measuredPage, measured.page == page, measured.width == width {
            secondaryWidth = measured.secondaryWidth
        } else {
            rows = (scrollOffset..<end).map { dataSource.row(at: sourceIndex(ofRow: $0)) }
            secondaryWidth = rows.reduce(0) { max($0, DisplayText.width(of: $1.secondary ?? "")) }
            measuredPage = (page, width, secondaryWidth)
        }
        drawnPage = page
        let showsSecondary = secondaryWidth > 0
            && width >= secondaryWidth + Self.columnGap + Self.minimumTitleWidth
        let titleWidth = showsSecondary ? width - secondaryWidth - Self.columnGap : width
        for offset in 0..<(end - scrollOffset) where canvas.needsDrawing(row: offset) {
            let row = rows.isEmpty ? dataSource.row(at: sourceIndex(ofRow: scrollOffset + offset)) : rows[offset]
            let isSelected = scrollOffset + offset == selectedRow
            let base = isSelected ? (isFocused ? theme.selection : theme.selectionUnfocused) : theme.normal
            if isSelected { canvas.fill(CellRect(x: 0, y: offset, width: width, height: 1), style: base) }
            let styled = dataSource.titleRuns(at: sourceIndex(ofRow: scrollOffset + offset))
            canvas.draw(titleRuns(row.title, styled: styled, base: base, isSelected: isSelected, theme: theme),
                        at: CellPoint(x: 0, y: offset), width: titleWidth)
            if showsSecondary, let secondary = row.secondary {
                let x = width - DisplayText.width(of: secondary)
                canvas.text(secondary, at: CellPoint(x: x, y: offset), style: isSelected ? base : theme.secondary)
            }
        }
    }

    /// The title as drawn: its styled runs (`ListDataSource.titleRuns(at:)`)
    /// or the plain title, in the selection's style on the selected row
    /// (keeping each run's attributes but not its colours, so the bar is
    /// one colour), with the filter's match marked inside them.
    private func titleRuns(_ title: String, styled: [TextRun]?, base: Style, isSelected: Bool,
                           theme: Theme) -> [TextRun] {
        let runs = styled.map { runs in
            isSelected ? runs.map { TextRun($0.text, base.with($0.style.attributes.subtracting(.reverse))) } : runs
        } ?? [TextRun(title, base)]
        guard filter.isActive, let range = filter.textQuery.range(in: title) else { return runs }
        let scalars = title.unicodeScalars
        let start = scalars.distance(from: scalars.startIndex, to: range.lowerBound)
        let matched = start..<(start + scalars.distance(from: range.lowerBound, to: range.upperBound))
        return TextRun.marking(runs, scalars: matched) { style in
            style == theme.normal ? theme.match : style.with(theme.match.attributes)
        }
    }

    /// `/query` on the left with the cursor while editing, "3 of 51" on the
    /// right; in its place, the field's notice after a key it cut
    /// ("pasted text cut to 256 characters"), when it fits.
    func drawFilterBar(on canvas: Canvas, row: Int, theme: Theme) {
        let width = canvas.size.width
        let notice = isEditingText ? filterNotice : nil
        let count = notice.flatMap { DisplayText.width(of: $0) + 1 + 1 + 4 <= width ? $0 : nil } ?? filterCountText
        let countWidth = DisplayText.width(of: count)
        let showsCount = width >= countWidth + 1 + 1 + 4
        let fieldWidth = max(0, width - 1 - (showsCount ? countWidth + 1 : 0))
        let style = isEditingText ? theme.focusedField : theme.normal
        canvas.text("/", at: CellPoint(x: 0, y: row), style: theme.footerKey)
        let (text, cursorColumn) = filterEditor.visible(width: fieldWidth, focused: isEditingText)
        if isEditingText { canvas.fill(CellRect(x: 1, y: row, width: fieldWidth, height: 1), style: style) }
        canvas.text(text, at: CellPoint(x: 1, y: row), style: style, width: fieldWidth, ellipsis: false)
        if showsCount { canvas.text(count, at: CellPoint(x: width - countWidth, y: row), style: theme.secondary) }
        if isEditingText, isFocused, fieldWidth > 0 { cursorPosition = CellPoint(x: 1 + cursorColumn, y: row) }
    }
}
