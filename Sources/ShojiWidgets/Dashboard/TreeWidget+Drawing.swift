import ShojiCurses

extension TreeWidget {
    /// Draws the rows on screen: guides, the expand mark, the title.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        pageHeight = max(1, canvas.size.height)
        selectedRow = min(selectedRow, max(0, rowCount - 1))
        clampScroll()
        drawnPage = (canvas.originInPanel.y, scrollOffset)
        let glyphs = DisplayText.asciiOnly ? TreeGuides.ascii : TreeGuides.unicode
        for line in 0..<min(pageHeight, rowCount - scrollOffset) where canvas.needsDrawing(row: line) {
            drawRow(scrollOffset + line, at: line, on: canvas, theme: theme, glyphs: glyphs)
        }
    }

    private func drawRow(_ row: Int, at line: Int, on canvas: Canvas, theme: Theme, glyphs: TreeGuides) {
        guard let location = root.locate(row) else { return }
        let node = dataSource.child(location.index, of: location.branch.node)
        var prefix = ""
        // Each level above: a line on while that ancestor has siblings below it.
        var ancestors: [Bool] = []
        var branch = location.branch
        while let parent = branch.parent {
            ancestors.append(branch.indexInParent < parent.childCount - 1)
            branch = parent
        }
        for hasMore in ancestors.reversed() { prefix += hasMore ? glyphs.through : glyphs.blank }
        prefix += location.index < location.branch.childCount - 1 ? glyphs.tee : glyphs.corner
        let expanded = location.branch.branch(at: location.index) != nil
        let mark = dataSource.isExpandable(node) ? (expanded ? glyphs.open : glyphs.closed) : " "
        let title = dataSource.title(of: node)
        let selected = row == selectedRow
        if selected {
            let style = isFocused ? theme.selection : theme.selectionUnfocused
            canvas.fill(CellRect(x: 0, y: line, width: canvas.size.width, height: 1), style: style)
            canvas.draw([TextRun(prefix, style), TextRun(mark + " " + title, style)], at: CellPoint(x: 0, y: line))
        } else {
            canvas.draw([TextRun(prefix, theme.border), TextRun(mark + " ", theme.secondary), TextRun(title, theme.normal)],
                        at: CellPoint(x: 0, y: line))
        }
    }
}

/// The characters of a tree's guides: Unicode box drawing, or ASCII.
struct TreeGuides {
    let through: String, blank: String, tee: String, corner: String, open: String, closed: String

    static let unicode = TreeGuides(through: "│ ", blank: "  ", tee: "├─", corner: "└─", open: "▾", closed: "▸")
    static let ascii = TreeGuides(through: "| ", blank: "  ", tee: "+-", corner: "`-", open: "-", closed: "+")
}
