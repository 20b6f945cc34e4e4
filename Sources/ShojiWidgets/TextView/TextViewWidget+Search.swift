import ShojiCurses

extension TextViewWidget {
    /// Opens the search field: toward the bottom, or with `backward`
    /// toward the top (`?`). It starts empty; Enter on an empty field
    /// searches again for the last query.
    public func openSearch(backward: Bool = false) {
        isEditingText = true
        search.fieldIsBackward = backward
        search.editor.text = ""
        search.note = nil
        onNeedsDisplay?()
    }

    /// Closes the field and searches for its text (the last query when empty).
    func finishSearch() {
        isEditingText = false
        cursorPosition = nil
        let text = search.editor.text.isEmpty ? (search.query?.text ?? "") : search.editor.text
        search(for: text, backward: search.fieldIsBackward)
    }

    /// Closes the field; the search before it, if any, stays.
    func cancelSearch() {
        isEditingText = false
        cursorPosition = nil
        onNeedsDisplay?()
    }

    /// Shows the first match of `text` (ignoring case) after the top of the
    /// page, or with `backward` the first before its bottom, going round
    /// the end of the text when there is none that way. Every match on the
    /// page is highlighted; an empty text clears the search.
    public func search(for text: String, backward: Bool = false) {
        search.query = text.isEmpty ? nil : TextQuery(text)
        search.isBackward = backward
        search.current = nil
        guard search.query != nil else { return clearSearch() }
        findMatch(reversed: false)
    }

    /// Shows the next match in the direction of the last search (`n`), or
    /// with `reversed` in the other (`N`), going round the end.
    public func findMatch(reversed: Bool) {
        guard let query = search.query else { return }
        let forward = search.isBackward == reversed
        let count = lines.count
        guard count > 0 else { return notFound(query) }
        // Where the search starts: after (before) the match shown, else the page's top (bottom).
        let origin: (line: Int, offset: Int)
        if let current = search.current, current.line < count {
            origin = current
        } else if forward {
            origin = (top.line, -1)
        } else {
            origin = (lastVisibleLine, Int.max)
        }
        var line = origin.line
        for step in 0...count {
            let offsets = matchOffsets(in: line, query: query)
            let found: Int?
            if step == 0 {
                found = forward ? offsets.first { $0 > origin.offset } : offsets.last { $0 < origin.offset }
            } else if step == count {
                // Back at the start: the part of its line the first step skipped.
                found = forward ? offsets.first { $0 <= origin.offset } : offsets.last { $0 >= origin.offset }
            } else {
                found = forward ? offsets.first : offsets.last
            }
            if let found {
                let wrapped = forward ? (line < origin.line || (line == origin.line && step > 0))
                                      : (line > origin.line || (line == origin.line && step > 0))
                return reveal(line: line, offset: found, wrapped: wrapped, forward: forward)
            }
            line = forward ? (line + 1) % count : (line - 1 + count) % count
        }
        notFound(query)
    }

    private func notFound(_ query: TextQuery) {
        search.note = "no match: \(query.text)"
        onNeedsDisplay?()
    }

    /// Makes the match at `offset` of `line` the one shown, scrolling to
    /// its row when it is off the page.
    private func reveal(line: Int, offset: Int, wrapped: Bool, forward: Bool) {
        search.current = (line, offset)
        search.note = wrapped ? (forward ? "continued at the top" : "continued at the bottom") : nil
        let target = TextViewPosition(line: line, row: row(ofOffset: offset, in: line))
        let pageEnd = position(top, downBy: max(1, pageHeight) - 1)
        if target < top || pageEnd < target { top = clampedToBottom(target) }
        onNeedsDisplay?()
    }

    /// The last line on the page.
    var lastVisibleLine: Int { min(max(0, lines.count - 1), position(top, downBy: max(1, pageHeight) - 1).line) }

    /// Where each match of `query` starts in line `index` as shown (UTF-8
    /// offsets, matches not overlapping). A line without escapes or tabs is
    /// first checked on its bytes, so most lines of a long text cost a scan.
    func matchOffsets(in index: Int, query: TextQuery) -> [Int] {
        let raw = lines.withBytes(ofLine: index) { bytes -> Bool? in
            bytes.contains(0x1B) || bytes.contains(0x09) ? nil : query.matches(utf8: bytes)
        }
        if raw == false { return [] }
        return matchRanges(in: SGRText.plain(lines.line(index)), query: query).map(\.lowerBound)
    }

    /// Every match of `query` in `text`, as UTF-8 offset ranges.
    func matchRanges(in text: String, query: TextQuery) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        let utf8 = text.utf8
        while start < utf8.count {
            let from = utf8.index(utf8.startIndex, offsetBy: start)
            let rest = String(text[from...])
            guard let found = query.range(in: rest) else { break }
            let lower = start + rest.utf8.distance(from: rest.startIndex, to: found.lowerBound)
            let upper = start + rest.utf8.distance(from: rest.startIndex, to: found.upperBound)
            ranges.append(lower..<upper)
            start = max(upper, lower + 1)
        }
        return ranges
    }

    /// The row of `line` that shows the text at UTF-8 `offset`.
    private func row(ofOffset offset: Int, in line: Int) -> Int {
        guard wraps, pageWidth > 0 else { return 0 }
        let text = SGRText.plain(lines.line(line))
        let utf8 = text.utf8
        let prefix = text[..<utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))]
        let column = DisplayText.width(of: prefix)
        let cells = StyledCells.cells([TextRun(text)])
        let starts = Self.rowStarts(cells, width: pageWidth)
        var columns = 0, cellIndex = 0, row = 0
        for (index, start) in starts.enumerated() {
            while cellIndex < start {
                columns += cells[cellIndex].cell.width
                cellIndex += 1
            }
            if columns <= column { row = index } else { break }
        }
        return row
    }

    /// Closes the field and forgets the search.
    public func clearSearch() {
        isEditingText = false
        cursorPosition = nil
        search = TextViewSearch()
        onNeedsDisplay?()
    }
}
