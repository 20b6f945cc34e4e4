import ShojiCurses

extension LogWidget {
    /// Draws the lines on screen, the mark on the last row and, while it
    /// is open, the search field on the bottom row.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let size = canvas.size
        pageHeight = max(0, size.height - (isEditingText ? 1 : 0))
        if !isFollowing { top = min(top, maxTop) }
        let page = page()
        drawn = (canvas.originInPanel.y, page)
        let first = firstVisibleLine
        for row in 0..<pageHeight where canvas.needsDrawing(row: row) && first + row < lines.count {
            drawLine(first + row, row: row, on: canvas, theme: theme)
        }
        if let mark = page.mark, pageHeight > 0 {
            let width = min(size.width, DisplayText.width(of: mark))
            canvas.text(mark, at: CellPoint(x: size.width - width, y: pageHeight - 1), style: theme.toast, width: width)
        }
        cursorPosition = nil
        if isEditingText, size.height > 0 { drawField(on: canvas, row: size.height - 1, theme: theme) }
    }

    /// A line, its first match highlighted while a search is active (the
    /// match shown in the selection's style).
    private func drawLine(_ index: Int, row: Int, on canvas: Canvas, theme: Theme) {
        let text = lines.line(index)
        let point = CellPoint(x: 0, y: row)
        guard let query = search.query, let range = query.range(in: text) else {
            canvas.text(text, at: point, style: theme.normal)
            return
        }
        let isCurrent = search.current == dropped + index
        let matchStyle = isCurrent ? (isFocused ? theme.selection : theme.selectionUnfocused) : theme.match
        canvas.draw([TextRun(String(text[..<range.lowerBound]), theme.normal),
                     TextRun(String(text[range]), matchStyle),
                     TextRun(String(text[range.upperBound...]), theme.normal)], at: point)
    }

    /// `/` and the query being typed, the cursor after it.
    private func drawField(on canvas: Canvas, row: Int, theme: Theme) {
        let width = canvas.size.width
        canvas.fill(CellRect(x: 0, y: row, width: width, height: 1), style: theme.normal)
        canvas.text("/", at: CellPoint(x: 0, y: row), style: theme.footerKey)
        let fieldWidth = max(0, width - 1)
        guard fieldWidth > 0 else { return }
        let (text, cursorColumn) = search.editor.visible(width: fieldWidth, focused: true)
        canvas.text(text, at: CellPoint(x: 1, y: row), style: theme.focusedField, width: fieldWidth, ellipsis: false)
        if isFocused { cursorPosition = CellPoint(x: 1 + cursorColumn, y: row) }
    }
}
