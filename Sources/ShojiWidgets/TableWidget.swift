import ShojiCurses

/// The list the table keeps its selection, scrolling and filter in: the
/// table's rows in display order (sorted, when the table sorts).
@MainActor
struct TableListSource: ListDataSource {
    let table: any TableDataSource
    let order: TableRowOrder
    var count: Int { order.count ?? table.rowCount }
    func row(at position: Int) -> ListRow { ListRow(title: title(at: position)) }
    func title(at position: Int) -> String { table.filterText(at: order.index(atPosition: position)) }
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        guard order.indices != nil else { return table.indices(matching: query, among: candidates) }
        let found = table.indices(matching: query, among: candidates.map { $0.map(order.index(atPosition:)) })
        return order.positions(of: found)
    }
}

/// A table: a header line with the column titles and the sort indicator,
/// rows in columns with widths and alignment, the selected row, and the
/// list's `/` filter (on the first column's text, or `filterText`). Built
/// beside `ListWidget`: a list holds the selection, scrolling, filter and
/// keys, so the table answers every key a list does, the same way.
///
/// Sorting: a column made `sortable` sorts the rows by the data source's
/// `sortsBefore(_:_:byColumn:)`. `s` sorts by the next sortable column,
/// `S` reverses the order, and a click on a sortable column's title sorts by
/// it (a second click reverses); the title shows ▲ or ▼. Indices the table
/// reports (`selectedIndex`, `onChoose`, `onSelectionChange`) are always the
/// data source's, whatever the order on screen, and the selected item stays
/// selected across sorts, filters and `reloadData` (by the data source's
/// `itemID(at:)` when it gives one). A data source that sorts its rows
/// itself leaves its columns unsortable, sets `sortColumn` and
/// `sortAscending` only for the indicator, and hears title clicks through
/// `onSortRequest`.
///
/// While `isLoading`, the rows already there stay usable and the bottom
/// line shows `progress` (a bar or a spinner with a count, from the
/// presenter's `WorkProgress`) when set, else the spinner and `loadingText`. With mouse reporting on, the
/// wheel scrolls, a click selects, a double click chooses, and a click on
/// a column title sorts. Mouse positions are the table's own (row 0 is its
/// title line): `PanelView`'s host translates them for its content widget.
@MainActor
public final class TableWidget: Widget {
    /// The columns, left to right.
    public var columns: [TableColumn] { didSet { resort() } }
    /// Where the rows come from.
    public var dataSource: any TableDataSource {
        didSet {
            list.dataSource = TableListSource(table: dataSource, order: order)
            resort()
        }
    }
    /// The column sorted by, drawn with ▲ (ascending) or ▼ in its title.
    /// When that column is `sortable` the table orders the rows by it.
    public var sortColumn: Int? { didSet { resort() } }
    /// Whether the sort column's indicator points up (▲): ascending.
    public var sortAscending = true { didSet { resort() } }
    /// The chosen row's data-source index (Enter, Right, `l`, a double click).
    public var onChoose: ((Int) -> Void)?
    /// The data-source index whenever the highlighted row changes, whatever
    /// moved it (a key, the mouse, the filter, a reload); nil when no row
    /// shows. A sort that keeps the item highlighted reports nothing.
    public var onSelectionChange: ((Int?) -> Void)?
    /// A click on the title of a column that is not `sortable` (a data
    /// source that sorts itself decides what it means).
    public var onSortRequest: ((Int) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called when the selection moved inside the page
    /// drawn last, with the rows that changed (the two rows and the status
    /// line's position, panel coordinates), so only they are drawn again.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme? { didSet { needsDisplay() } }
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
    /// How far loading has come, drawn in the bottom line while `isLoading`
    /// in place of the spinner and `loadingText`; nil draws those.
    public var progress: WorkProgress? {
        get { progressWidget.progress }
        set { progressWidget.progress = newValue }
    }
    /// Draws `progress` (its clock is the owner's to set).
    public var progressWidget: ProgressWidget { list.progressWidget }
    /// Where the selection, scroll position and filter live (its indices are
    /// positions on screen; the table's own properties speak data-source indices).
    public let list: ListWidget
    /// True (the default) fills the selected row's whole width; false marks
    /// only the first column's text, so moving the selection rewrites two
    /// names instead of two lines (fewer bytes per key on a slow link).
    public var highlightsWholeRow = true { didSet { needsDisplay() } }
    /// Lines scrolled by one wheel step.
    public var wheelStep: Int {
        get { list.wheelStep }
        set { list.wheelStep = newValue }
    }
    static let gap = 1
    /// The display order; the list reads it through its data source.
    let order: TableRowOrder
    /// Set while `sort(byColumn:ascending:)` changes both properties, so the rows sort once.
    private var isSettingSort = false

    /// A table of `columns` over `dataSource`.
    public init(columns: [TableColumn], dataSource: any TableDataSource, theme: Theme? = nil) {
        self.columns = columns
        self.dataSource = dataSource
        self.theme = theme
        let order = TableRowOrder()
        self.order = order
        list = ListWidget(dataSource: TableListSource(table: dataSource, order: order), theme: theme)
        list.onNeedsDisplay = { [weak self] in self?.needsDisplay() }
        list.onNeedsDisplayInRows = { [weak self] rows in
            guard let self else { return }
            if let onNeedsDisplayInRows { onNeedsDisplayInRows(rows) } else { needsDisplay() }
        }
        list.onChoose = { [weak self] position in
            guard let self else { return }
            onChoose?(order.index(atPosition: position))
        }
        list.onSelectionChange = { [weak self] position in
            guard let self else { return }
            rememberSelection()
            let index = position.map(order.index(atPosition:))
            let item = HighlightedItem(index: index, id: rememberedItemID)
            // The list speaks positions: a sort moves the position, not the item.
            guard item != reportedItem else { return }
            reportedItem = item
            onSelectionChange?(index)
        }
    }

    // MARK: State

    /// The selected row's data-source index; nil when nothing is shown.
    public var selectedIndex: Int? {
        get { list.selectedIndex.map(order.index(atPosition:)) }
        set { list.selectedIndex = newValue.flatMap(order.position(of:)) }
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

    /// The rows changed: sort and filter again, and keep the selected item
    /// selected: the one with the same `itemID(at:)` when the data source
    /// gives ids, else the same index. Where the item is gone, the selection
    /// stays at the same position on screen.
    public func reloadData() {
        let previous = selectedIndex
        applyOrder()
        reselectRememberedItem(otherwise: previous)
    }

    /// The id of the item selected when the table last looked (a move, a
    /// draw, a sort): read before the data changes, since by the time the
    /// owner calls `reloadData` the old index may name another item.
    private var rememberedItemID: AnyHashable?
    /// The row last reported through `onSelectionChange`.
    private var reportedItem: HighlightedItem?

    func rememberSelection() {
        rememberedItemID = selectedIndex.flatMap { dataSource.itemID(at: $0) }
    }

    /// Filters again and selects the remembered item (by id), else `previous`.
    private func reselectRememberedItem(otherwise previous: Int?) {
        var target = previous
        if let id = rememberedItemID {
            target = nil
            for index in 0..<dataSource.rowCount where dataSource.itemID(at: index) == id {
                target = index
                break
            }
        }
        list.reloadData(selecting: target.flatMap(order.position(of:)))
        rememberSelection()
    }
    /// Draws the selection muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) { list.setFocused(focused) }
    /// Moves the selection by `motion`.
    public func move(_ motion: Motion) { list.move(motion) }
    /// Filters by `query` as if typed.
    public func setFilter(_ query: String) { list.setFilter(query) }
    /// Clears and closes the filter.
    public func clearFilter() { list.clearFilter() }

    // MARK: Sorting

    /// Sorts by `column`, ascending or not, in one step.
    public func sort(byColumn column: Int, ascending: Bool) {
        isSettingSort = true
        sortColumn = column
        sortAscending = ascending
        isSettingSort = false
        resort()
    }

    /// What a click on a sortable column's title does: sorts by it,
    /// ascending, or reverses the order when it is already the sort column.
    public func toggleSort(byColumn column: Int) {
        sort(byColumn: column, ascending: sortColumn == column ? !sortAscending : true)
    }

    /// Whether any column sorts (read per key, so it makes no array).
    private var hasSortableColumn: Bool { columns.contains { $0.sortable } }

    /// `s`: the next sortable column after the current one, ascending.
    private func sortByNextColumn() {
        let sortable = columns.indices.filter { columns[$0].sortable }
        guard let first = sortable.first else { return }
        let next = sortable.first { $0 > (sortColumn ?? -1) } ?? first
        sort(byColumn: next, ascending: true)
    }

    /// The order changed: sort again, keeping the selected item selected.
    private func resort() {
        guard !isSettingSort else { return }
        // A data source that sorts itself only moves the indicator: no rows to move.
        guard order.indices != nil || isSortingItself else { return needsDisplay() }
        let previous = selectedIndex
        applyOrder()
        reselectRememberedItem(otherwise: previous)
        needsDisplay()
    }

    /// Whether the sort column is one the table sorts by.
    private var isSortingItself: Bool {
        guard let column = sortColumn, columns.indices.contains(column) else { return false }
        return columns[column].sortable
    }

    /// Puts the rows in the sort column's order (or the data source's).
    private func applyOrder() {
        guard isSortingItself, let column = sortColumn else {
            order.set(nil)
            return
        }
        let source = dataSource
        let ascending = sortAscending
        var indices = Array(0..<source.rowCount)
        // Ties keep the data source's order, both ways, so equal rows never swap on a reverse.
        indices.sort { a, b in
            if ascending ? source.sortsBefore(a, b, byColumn: column) : source.sortsBefore(b, a, byColumn: column) {
                return true
            }
            if ascending ? source.sortsBefore(b, a, byColumn: column) : source.sortsBefore(a, b, byColumn: column) {
                return false
            }
            return a < b
        }
        order.set(indices)
    }

    // MARK: Keys and mouse

    /// The sort keys, made once; offered only when a column is sortable.
    private lazy var sortBindings: [KeyBinding] = [
        KeyBinding([.character("s")], "sort") { [weak self] in self?.sortByNextColumn() },
        KeyBinding([.character("S")], "reverse sort", footer: false) { [weak self] in
            guard let self, let column = sortColumn else { return }
            sort(byColumn: column, ascending: !sortAscending)
        },
    ]

    /// The bindings active now, for the footer and the help overlay: the
    /// list's, then the sort keys when a column is sortable.
    public var bindings: [KeyBinding] {
        guard !list.isEditingText, hasSortableColumn else { return list.bindings }
        return list.bindings + sortBindings
    }

    /// Handles `key` (a mouse report included); true when the table used it.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        if list.handle(key) { return true }
        guard !list.isEditingText, hasSortableColumn else { return false }
        return sortBindings.dispatch(key)
    }

    /// A mouse event in the table's own coordinates (row 0 is the header).
    public func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.action {
        case .press where event.button == .left && event.position.y == 0:
            guard let column = column(atX: event.position.x) else { return false }
            if columns[column].sortable {
                toggleSort(byColumn: column)
            } else {
                onSortRequest?(column)
            }
            return true
        case .press where event.button == .left:
            // Row 0 is the titles, so the list's line 0 is the table's line 1.
            return list.click(line: event.position.y - 1, opening: event.isDoubleClick)
        default:
            return list.handleMouse(event)
        }
    }

    /// Scrolls the rows by `lines`, as the wheel does, leaving the selection
    /// where it is (the next move of the selection brings it back into view).
    public func scroll(by lines: Int) {
        list.scrollPage(by: lines)
    }

    private func column(atX x: Int) -> Int? {
        lastLayout.firstIndex { x >= $0.x && x < $0.x + $0.width }
    }

    // MARK: Layout

    /// Column positions at the last draw.
    var lastLayout: [(x: Int, width: Int)] = []

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

    func needsDisplay() { onNeedsDisplay?() }
}
