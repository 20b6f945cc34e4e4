import ShojiCurses

// Drawing a table: the header with the sort indicator, the visible rows in
// their columns, and the status or filter line.
extension TableWidget {
    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let width = canvas.size.width
        let height = canvas.size.height
        guard height > 0, width > 0 else { return }
        let layout = layout(width: width)
        lastLayout = layout
        rememberSelection()
        drawHeader(on: canvas, layout: layout, theme: theme)
        let showsBottom = height >= 3
        let rowsHeight = max(0, height - 1 - (showsBottom ? 1 : 0))
        list.visibleRowCount = max(1, rowsHeight)
        list.scrollOffset = ScrollOffset.keeping(list.selectedRow, visible: list.visibleRowCount,
                                                 count: list.visibleCount, current: list.scrollOffset)
        list.cursorPosition = nil
        list.drawnPage = nil
        let body = canvas.subcanvas(CellRect(x: 0, y: 1, width: width, height: rowsHeight))
        if list.visibleCount == 0 {
            if !isLoading {
                let message = list.filter.isActive ? "No results for '\(list.filter.query)'" : list.emptyMessage
                body.text(message, at: .zero, style: theme.secondary)
            }
        } else {
            drawRows(on: body, layout: layout, theme: theme)
            // The status line shows the position ("12/51"); the filter bar does not.
            let positionRows = showsBottom && !list.isFiltering ? [canvas.originInPanel.y + height - 1] : []
            list.drawnPage = DrawnPage(top: body.originInPanel.y, scrollOffset: list.scrollOffset,
                                       height: list.visibleRowCount, count: list.visibleCount,
                                       positionRows: positionRows)
        }
        guard showsBottom else { return }
        if list.isFiltering {
            list.drawFilterBar(on: canvas, row: height - 1, theme: theme)
        } else {
            drawStatus(on: canvas.subcanvas(CellRect(x: 0, y: height - 1, width: width, height: 1)), theme: theme)
        }
    }

    func drawHeader(on canvas: Canvas, layout: [(x: Int, width: Int)], theme: Theme) {
        let style = theme.secondary.with(.bold)
        for (index, column) in columns.enumerated() where index < layout.count {
            let (x, w) = layout[index]
            guard w > 0 else { continue }
            var title = column.title
            if sortColumn == index {
                let arrow = DisplayText.asciiOnly ? (sortAscending ? "^" : "v") : (sortAscending ? "▲" : "▼")
                // The arrow is what says the column is sorted: a title too
                // long for the column is cut, never the arrow after it. After
                // the title whatever the alignment: before a right-aligned
                // title it sat against the previous column ("CPU% ▼ MEM%"
                // read as CPU%'s).
                title = DisplayText.truncate(title, to: max(0, w - 2)) + " " + arrow
            }
            place(title, in: canvas, x: x, y: 0, width: w, alignment: column.alignment, style: style)
        }
    }

    func drawRows(on canvas: Canvas, layout: [(x: Int, width: Int)], theme: Theme) {
        let end = min(list.visibleCount, list.scrollOffset + canvas.size.height)
        guard list.scrollOffset < end else { return }
        for row in list.scrollOffset..<end where canvas.needsDrawing(row: row - list.scrollOffset) {
            let y = row - list.scrollOffset
            let index = order.index(atPosition: list.sourceIndex(ofRow: row))
            let isSelected = row == list.selectedRow
            let emphasis = dataSource.emphasis(at: index)
            var base: Style
            switch emphasis {
            case .normal: base = theme.normal
            case .strong: base = theme.normal.with(.bold)
            case .muted: base = theme.secondary
            }
            if isSelected {
                base = list.isFocused ? theme.selection : theme.selectionUnfocused
                if emphasis == .strong { base = base.with(.bold) }
                if highlightsWholeRow { canvas.fill(CellRect(x: 0, y: y, width: canvas.size.width, height: 1), style: base) }
            }
            let others = isSelected && highlightsWholeRow ? base : theme.secondary
            let cells = dataSource.cells(at: index)
            for (column, (x, w)) in layout.enumerated() where w > 0 && column < cells.count {
                if column == 0, list.filter.isActive, let range = list.filter.textQuery.range(in: cells[0]) {
                    let highlight = isSelected ? base.with(theme.match.attributes) : theme.match
                    let text = cells[0]
                    canvas.draw([TextRun(String(text[..<range.lowerBound]), base),
                                 TextRun(String(text[range]), highlight),
                                 TextRun(String(text[range.upperBound...]), base)],
                                at: CellPoint(x: x, y: y), width: w)
                    continue
                }
                place(cells[column], in: canvas, x: x, y: y, width: w, alignment: columns[column].alignment,
                      style: column == 0 ? base : others)
            }
        }
    }

    func drawStatus(on canvas: Canvas, theme: Theme) {
        var x = 0
        let right = [statusText, list.visibleCount > 0 ? list.positionText : nil].compactMap { $0 }
            .joined(separator: "  ")
        let rightWidth = DisplayText.width(of: right)
        if isLoading, progress != nil {
            // The progress gets the line but the right text and a gap.
            let room = right.isEmpty ? canvas.size.width : max(0, canvas.size.width - rightWidth - 2)
            x += progressWidget.draw(on: canvas.subcanvas(CellRect(x: 0, y: 0, width: room, height: 1)), theme: theme)
        } else if isLoading {
            x += canvas.text(spinner.frame + " ", at: .zero, style: theme.title)
            x += canvas.text(loadingText, at: CellPoint(x: x, y: 0), style: theme.secondary)
        }
        guard !right.isEmpty else { return }
        // What does not fit loses its start, so the position at the end stays.
        let room = min(rightWidth, canvas.size.width - x - (x > 0 ? 1 : 0))
        guard room > 0 else { return }
        _ = canvas.draw([TextRun(right, theme.secondary)], at: CellPoint(x: canvas.size.width - room, y: 0),
                        width: room, keepingEnd: true)
    }

    func place(_ text: String, in canvas: Canvas, x: Int, y: Int, width: Int,
                       alignment: TableColumn.Alignment, style: Style) {
        switch alignment {
        case .leading:
            canvas.text(text, at: CellPoint(x: x, y: y), style: style, width: width)
        case .trailing:
            let used = DisplayText.width(of: text)
            let start = used >= width ? x : x + width - used
            canvas.text(text, at: CellPoint(x: start, y: y), style: style, width: min(width, x + width - start))
        }
    }
}
