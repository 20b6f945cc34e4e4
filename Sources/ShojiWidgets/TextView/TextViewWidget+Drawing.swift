import ShojiCurses

extension TextViewWidget {
    /// Draws the rows on screen (styling and wrapping only their lines),
    /// the search's note on the last row and, while it is open, the search
    /// field on the bottom row.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let size = canvas.size
        if size.width != pageWidth {
            pageWidth = size.width
            rowCounts.removeAll()
        }
        drawnHeight = size.height
        top.row = min(top.row, rowCount(top.line) - 1)
        top = clampedToBottom(top)
        var position = top
        var row = 0
        while row < pageHeight, position.line < lines.count {
            let rows = rowsOfLine(position.line, theme: theme)
            while row < pageHeight, position.row < rows.count {
                if canvas.needsDrawing(row: row) {
                    canvas.draw(rows[position.row], at: CellPoint(x: 0, y: row))
                }
                row += 1
                position.row += 1
            }
            position = TextViewPosition(line: position.line + 1, row: 0)
        }
        if let note = search.note, pageHeight > 0 {
            let mark = " \(note) "
            let width = min(size.width, DisplayText.width(of: mark))
            canvas.text(mark, at: CellPoint(x: size.width - width, y: pageHeight - 1), style: theme.toast, width: width)
        }
        cursorPosition = nil
        if isEditingText, size.height > 0 { drawField(on: canvas, row: size.height - 1, theme: theme) }
    }

    /// The rows line `index` shows, styled, its matches highlighted: one
    /// row cut at the right edge, or all its rows when wrapping.
    private func rowsOfLine(_ index: Int, theme: Theme) -> [[StyledCells.Cell]] {
        var runs = styledRuns(index, base: theme.normal)
        if let query = search.query {
            let text = runs.map(\.text).joined()
            let current = search.current?.line == index ? search.current?.offset : nil
            let currentStyle = isFocused ? theme.selection : theme.selectionUnfocused
            for range in matchRanges(in: text, query: query) {
                runs = Self.restyling(runs, range, as: range.lowerBound == current ? currentStyle : theme.match)
            }
        }
        guard wraps else {
            return [StyledCells.clip(StyledCells.cells(runs, upTo: pageWidth), to: pageWidth)]
        }
        let cells = StyledCells.cells(runs)
        let starts = Self.rowStarts(cells, width: pageWidth)
        return starts.indices.map { row in
            Array(cells[starts[row]..<(row + 1 < starts.count ? starts[row + 1] : cells.count)])
        }
    }

    /// `runs` with the text at UTF-8 offsets `range` (of their joined
    /// text) in `style`.
    static func restyling(_ runs: [TextRun], _ range: Range<Int>, as style: Style) -> [TextRun] {
        var result: [TextRun] = []
        var start = 0
        for run in runs {
            let utf8 = run.text.utf8
            let end = start + utf8.count
            let lower = min(max(range.lowerBound, start), end) - start
            let upper = min(max(range.upperBound, start), end) - start
            if lower >= upper {
                result.append(run)
            } else {
                let text = run.text
                let from = utf8.index(utf8.startIndex, offsetBy: lower)
                let to = utf8.index(utf8.startIndex, offsetBy: upper)
                if lower > 0 { result.append(TextRun(String(text[..<from]), run.style)) }
                result.append(TextRun(String(text[from..<to]), style))
                if to < text.endIndex { result.append(TextRun(String(text[to...]), run.style)) }
            }
            start = end
        }
        return result
    }

    /// `/` (or `?`) and the query being typed, the cursor after it.
    private func drawField(on canvas: Canvas, row: Int, theme: Theme) {
        let width = canvas.size.width
        canvas.fill(CellRect(x: 0, y: row, width: width, height: 1), style: theme.normal)
        canvas.text(search.fieldIsBackward ? "?" : "/", at: CellPoint(x: 0, y: row), style: theme.footerKey)
        let fieldWidth = max(0, width - 1)
        guard fieldWidth > 0 else { return }
        let (text, cursorColumn) = search.editor.visible(width: fieldWidth, focused: true)
        canvas.text(text, at: CellPoint(x: 1, y: row), style: theme.focusedField, width: fieldWidth, ellipsis: false)
        if isFocused { cursorPosition = CellPoint(x: 1 + cursorColumn, y: row) }
    }
}
