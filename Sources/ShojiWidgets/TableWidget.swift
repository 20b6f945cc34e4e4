import ShojiCurses

/// The list the table keeps its selection, scrolling and filter in.
@MainActor
struct TableListSource: ListDataSource {
    let table: any TableDataSource
    var count: Int { table.rowCount }
    func row(at index: Int) -> ListRow { ListRow(title: table.filterText(at: index)) }
    func title(at index: Int) -> String { table.filterText(at: index) }
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        table.indices(matching: query, among: candidates)
    }
}

/// A table: a header line with the column titles and the sort indicator,
/// rows in columns with widths and alignment, the selected row, and the
/// list's `/` filter (on the first column's text, or `filterText`). Built
/// beside `ListWidget`: a list holds the selection, scrolling, filter and
/// keys, so the table answers every key a list does, the same way.
///
/// While `isLoading`, the rows already there stay usable and the bottom
/// line shows the spinner and `loadingText`. With mouse reporting on, the
/// wheel scrolls, a click selects, a double click chooses, and a click on
/// a column title asks `onSortRequest`.
@MainActor
public final class TableWidget: Widget {
    /// The columns, left to right.
    public var columns: [TableColumn] { didSet { needsDisplay() } }
    /// Where the rows come from.
    public var dataSource: any TableDataSource {
        didSet { list.dataSource = TableListSource(table: dataSource) }
    }
    /// The column sorted by, drawn with ▲ (ascending) or ▼ in its title.
    public var sortColumn: Int? { didSet { needsDisplay() } }
    /// Whether the sort column's indicator points up (▲).
    public var sortAscending = true { didSet { needsDisplay() } }
    /// The chosen row's data-source index (Enter, Right, `l`, a double click).
    public var onChoose: ((Int) -> Void)? {
        get { list.onChoose }
        set { list.onChoose = newValue }
    }
    /// The data-source index whenever the selection moves.
    public var onSelectionChange: ((Int) -> Void)? {
        get { list.onSelectionChange }
        set { list.onSelectionChange = newValue }
    }
    /// A click on a column's title.
    public var onSortRequest: ((Int) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Shown when there are no rows at all.
    public var emptyMessage: String {
        get { list.emptyMessage }
        set { list.emptyMessage = newValue; needsDisplay() }
    }
    /// Rows still arriving: the bottom line shows the spinner and this.
    public var isLoading = false { didSet { needsDisplay() } }
    /// What the bottom line says while loading.
    public var loadingText = "Loading…" { didSet { needsDisplay() } }
    /// Text at the right of the bottom line when not filtering (a count, a path).
    public var statusText: String? { didSet { needsDisplay() } }
    /// The loading spinner (its clock is the owner's to set).
    public var spinner: Spinner { list.spinner }
    /// Where the selection, scroll position and filter live.
    public let list: ListWidget
    /// True (the default) fills the selected row's whole width; false marks
    /// only the first column's text, so moving the selection rewrites two
    /// names instead of two lines (fewer bytes per key on a slow link).
    public var highlightsWholeRow = true { didSet { needsDisplay() } }
    /// Lines scrolled by one wheel step.
    public var wheelStep = 3
    static let gap = 1

    /// A table of `columns` over `dataSource`.
    public init(columns: [TableColumn], dataSource: any TableDataSource, theme: Theme? = nil) {
        self.columns = columns
        self.dataSource = dataSource
        self.theme = theme
        list = ListWidget(dataSource: TableListSource(table: dataSource), theme: theme)
        list.onNeedsDisplay = { [weak self] in self?.needsDisplay() }
    }

    // MARK: State

    /// The selected row's data-source index; nil when nothing is shown.
    public var selectedIndex: Int? {
        get { list.selectedIndex }
        set { list.selectedIndex = newValue }
    }
    /// How many rows show (all, or the filter's matches).
    public var visibleCount: Int { list.visibleCount }
    /// Whether the filter bar shows.
    public var isFiltering: Bool { list.isFiltering }
    /// Whether the filter field has the keys.
    public var isEditingText: Bool { list.isEditingText }
    /// Where the text cursor goes while filtering.
    public var cursorPosition: CellPoint? { list.cursorPosition }
    /// The first row drawn (in the current, possibly filtered, view).
    public var scrollOffset: Int { list.scrollOffset }
    /// "3 of 51" while filtering, "12/51" otherwise.
    public var positionText: String { list.positionText }

    /// The rows changed: filter again, keep the selection where possible.
    public func reloadData() { list.reloadData() }
    /// Draws the selection muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) { list.setFocused(focused) }
    /// Moves the selection by `motion`.
    public func move(_ motion: Motion) { list.move(motion) }
    /// Filters by `query` as if typed.
    public func setFilter(_ query: String) { list.setFilter(query) }
    /// Clears and closes the filter.
    public func clearFilter() { list.clearFilter() }

    // MARK: Keys and mouse

    /// The bindings active now, for the footer and the help overlay.
    public var bindings: [KeyBinding] { list.bindings }

    /// Handles `key` (a mouse report included); true when the table used it.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        return list.handle(key)
    }

    /// A mouse event in the table's own coordinates (row 0 is the header).
    public func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.action {
        case .wheelUp:
            scroll(by: -wheelStep)
            return true
        case .wheelDown:
            scroll(by: wheelStep)
            return true
        case .press where event.button == .left:
            if event.position.y == 0 {
                guard let column = column(atX: event.position.x) else { return false }
                onSortRequest?(column)
                return true
            }
            let row = list.scrollOffset + event.position.y - 1
            guard event.position.y >= 1, event.position.y <= list.visibleRowCount, row < list.visibleCount else {
                return false
            }
            list.select(row: row)
            if event.isDoubleClick { list.choose() }
            return true
        default:
            return false
        }
    }

    /// Moves the view (and the selection with it, as a wheel does) by `lines`.
    public func scroll(by lines: Int) {
        list.select(row: list.selectedRow + lines)
    }

    private func column(atX x: Int) -> Int? {
        lastLayout.firstIndex { x >= $0.x && x < $0.x + $0.width }
    }

    // MARK: Layout

    /// Column positions at the last draw.
    private var lastLayout: [(x: Int, width: Int)] = []

    /// Where each column goes in `width` columns: fixed ones get their width,
    /// flexible ones share the rest; what passes the right edge is cut.
    public func layout(width: Int) -> [(x: Int, width: Int)] {
        let fixed = columns.reduce(0) { total, column in
            if case .fixed(let w) = column.width { return total + w }
            return total
        }
        let flexibleCount = columns.filter { if case .flexible = $0.width { return true } else { return false } }.count
        let gaps = max(0, columns.count - 1) * Self.gap
        let free = max(0, width - fixed - gaps)
        var result: [(x: Int, width: Int)] = []
        var x = 0
        var flexibleSeen = 0
        for column in columns {
            let w: Int
            switch column.width {
            case .fixed(let value): w = value
            case .flexible(let minimum):
                let share = flexibleCount == 0 ? 0 : free / flexibleCount
                let extra = flexibleSeen < free % max(1, flexibleCount) ? 1 : 0
                w = max(minimum, share + extra)
                flexibleSeen += 1
            }
            result.append((x, max(0, w)))
            x += w + Self.gap
        }
        return result
    }

    // MARK: Drawing

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let width = canvas.size.width
        let height = canvas.size.height
        guard height > 0, width > 0 else { return }
        let layout = layout(width: width)
        lastLayout = layout
        drawHeader(on: canvas, layout: layout, theme: theme)
        let showsBottom = height >= 3
        let rowsHeight = max(0, height - 1 - (showsBottom ? 1 : 0))
        list.visibleRowCount = max(1, rowsHeight)
        list.scrollOffset = ScrollOffset.keeping(list.selectedRow, visible: list.visibleRowCount,
                                                 count: list.visibleCount, current: list.scrollOffset)
        list.cursorPosition = nil
        let body = canvas.subcanvas(CellRect(x: 0, y: 1, width: width, height: rowsHeight))
        if list.visibleCount == 0 {
            if !isLoading {
                let message = list.filter.isActive ? "No results for '\(list.filter.query)'" : list.emptyMessage
                body.text(message, at: .zero, style: theme.secondary)
            }
        } else {
            drawRows(on: body, layout: layout, theme: theme)
        }
        guard showsBottom else { return }
        if list.isFiltering {
            list.drawFilterBar(on: canvas, row: height - 1, theme: theme)
        } else {
            drawStatus(on: canvas.subcanvas(CellRect(x: 0, y: height - 1, width: width, height: 1)), theme: theme)
        }
    }

    private func drawHeader(on canvas: Canvas, layout: [(x: Int, width: Int)], theme: Theme) {
        let style = theme.secondary.with(.bold)
        for (index, column) in columns.enumerated() where index < layout.count {
            let (x, w) = layout[index]
            guard w > 0 else { continue }
            var title = column.title
            if sortColumn == index {
                let arrow = DisplayText.asciiOnly ? (sortAscending ? "^" : "v") : (sortAscending ? "▲" : "▼")
                title = column.alignment == .trailing ? arrow + " " + title : title + " " + arrow
            }
            place(title, in: canvas, x: x, y: 0, width: w, alignment: column.alignment, style: style)
        }
    }

    private func drawRows(on canvas: Canvas, layout: [(x: Int, width: Int)], theme: Theme) {
        let end = min(list.visibleCount, list.scrollOffset + canvas.size.height)
        guard list.scrollOffset < end else { return }
        for row in list.scrollOffset..<end {
            let y = row - list.scrollOffset
            let index = list.sourceIndex(ofRow: row)
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

    private func drawStatus(on canvas: Canvas, theme: Theme) {
        var x = 0
        if isLoading {
            x += canvas.text(spinner.frame + " ", at: .zero, style: theme.title)
            x += canvas.text(loadingText, at: CellPoint(x: x, y: 0), style: theme.secondary)
        }
        let right = [statusText, list.visibleCount > 0 ? list.positionText : nil].compactMap { $0 }
            .joined(separator: "  ")
        let rightWidth = DisplayText.width(of: right)
        if !right.isEmpty, rightWidth + 1 + x <= canvas.size.width {
            canvas.text(right, at: CellPoint(x: canvas.size.width - rightWidth, y: 0), style: theme.secondary)
        }
    }

    private func place(_ text: String, in canvas: Canvas, x: Int, y: Int, width: Int,
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

    func needsDisplay() { onNeedsDisplay?() }
}
