import ShojiCurses

extension TextViewWidget {
    /// The first row shown.
    public var topPosition: TextViewPosition { top }

    /// Moves by `rows` rows (negative: up), within the text.
    public func scroll(rows: Int) {
        show(top: rows < 0 ? position(top, upBy: -rows) : position(top, downBy: rows))
    }

    /// Moves by `pages` pages (Space, `b`).
    public func scrollPages(_ pages: Int) { scroll(rows: pages * max(1, pageHeight)) }

    /// Moves by `halves` half pages (Ctrl-D, Ctrl-U).
    public func scrollHalfPages(_ halves: Int) { scroll(rows: halves * max(1, pageHeight / 2)) }

    /// Shows the first line.
    public func scrollToTop() { show(top: TextViewPosition(line: 0, row: 0)) }

    /// Shows the last page: only the lines on it are measured.
    public func scrollToBottom() { show(top: bottom) }

    func show(top target: TextViewPosition) {
        let target = clampedToBottom(target)
        search.note = nil
        guard target != top else {
            onNeedsDisplay?()  // the note is gone
            return
        }
        top = target
        onNeedsDisplay?()
    }

    /// `position`, or the last page's top when it is below it. A position
    /// with more lines after it than the page has rows is not below it
    /// (every line takes a row at least): then nothing is measured.
    func clampedToBottom(_ position: TextViewPosition) -> TextViewPosition {
        lines.count - position.line > max(1, pageHeight) ? position : min(position, bottom)
    }

    /// The top of the last page: found by walking up from the last line
    /// until the page is full.
    var bottom: TextViewPosition {
        var remaining = max(1, pageHeight)
        var line = lines.count - 1
        while line >= 0 {
            let rows = rowCount(line)
            if rows >= remaining { return TextViewPosition(line: line, row: rows - remaining) }
            remaining -= rows
            line -= 1
        }
        return TextViewPosition(line: 0, row: 0)
    }

    /// `position` moved down `count` rows, stopping at the last row.
    func position(_ position: TextViewPosition, downBy count: Int) -> TextViewPosition {
        var position = position
        for _ in 0..<max(0, count) {
            if position.row + 1 < rowCount(position.line) {
                position.row += 1
            } else if position.line + 1 < lines.count {
                position = TextViewPosition(line: position.line + 1, row: 0)
            } else {
                break
            }
        }
        return position
    }

    /// `position` moved up `count` rows, stopping at the first row.
    func position(_ position: TextViewPosition, upBy count: Int) -> TextViewPosition {
        var position = position
        for _ in 0..<max(0, count) {
            if position.row > 0 {
                position.row -= 1
            } else if position.line > 0 {
                position = TextViewPosition(line: position.line - 1, row: rowCount(position.line - 1) - 1)
            } else {
                break
            }
        }
        return position
    }

    /// Rows line `index` takes: 1 without wrapping, else as many as its
    /// cells need at the page's width (measured once per width).
    func rowCount(_ index: Int) -> Int {
        guard wraps, pageWidth > 0 else { return 1 }
        if let known = rowCounts[index] { return known }
        let rows = Self.rowStarts(StyledCells.cells(styledRuns(index, base: .plain)), width: pageWidth).count
        // A bounded memory of lines measured: scrolling far keeps it small.
        if rowCounts.count >= 4_096 { rowCounts.removeAll(keepingCapacity: true) }
        rowCounts[index] = rows
        return rows
    }

    /// Where each row of a line of `cells` starts at `width` columns: a
    /// cell that does not fit starts the next row (a wide character is
    /// never split). An empty line is one row.
    static func rowStarts(_ cells: [StyledCells.Cell], width: Int) -> [Int] {
        var starts = [0]
        var used = 0
        for (index, cell) in cells.enumerated() {
            if used + cell.cell.width > width, used > 0 {
                starts.append(index)
                used = 0
            }
            used += cell.cell.width
        }
        return starts
    }
}
