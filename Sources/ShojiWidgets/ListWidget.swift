import ShojiCurses

/// A scrolling, filterable list over a `ListDataSource`. It asks the source
/// only for the rows it draws, so a million rows cost what a screenful does.
/// It reports the user's choice through `onChoose` and never navigates.
@MainActor
public final class ListWidget: Widget {
    /// Where the rows come from; setting it reloads the list.
    public var dataSource: any ListDataSource {
        didSet { reloadData() }
    }
    /// Called with the chosen row's index in the data source (not in the
    /// filtered view) when the user presses Enter, Right or `l`, after the
    /// data source heard it (`ListDataSource.didChoose(index:)`).
    public var onChoose: ((Int) -> Void)?
    /// Called whenever the highlighted item changes, whatever moved it (a
    /// key, the mouse, the filter, `reloadData()`, the owner's
    /// `selectedIndex`): with its data-source index, or nil when no row
    /// shows (a filter that matches nothing, no rows), so nothing hidden
    /// stays highlighted. With identities (`ListDataSource.itemID(at:)`) the
    /// same item at another index is reported too. The data source hears
    /// it first (`ListDataSource.didHighlight(index:)`).
    public var onSelectionChange: ((Int?) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called when the selection moved inside the page
    /// drawn last, with the two rows that changed (panel coordinates), so
    /// only they are drawn again.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme to draw with; nil picks the one that suits the canvas.
    public var theme: Theme? { didSet { needsDisplay() } }
    /// Whether the list has focus; without it the selection is drawn muted
    /// and an open filter shows no cursor.
    public var isFocused = true { didSet { needsDisplay() } }
    /// The footer's word for Enter: "open", "choose"...
    public var openLabel = "open" {
        didSet { browsingCache = nil; filteredCache = nil; noMatchCache = nil }
    }
    /// Rows moved by one wheel step.
    public var wheelStep = 3
    /// Shown when the data source has no rows at all.
    public var emptyMessage = "Nothing here"
    /// While true the list shows `spinner` instead of rows; the owner starts
    /// the spinner on its clock.
    public var isLoading = false { didSet { needsDisplay() } }
    /// Shown while the rows load.
    public let spinner = Spinner()
    /// Shown instead of `spinner` while loading, when its `progress` is set
    /// (how far the work has come); the owner sets its clock.
    public let progressWidget = ProgressWidget()

    var filter = ListFilter()
    var filterEditor: TextFieldEditor
    /// The longest filter query a list keeps unless told: 256 characters.
    nonisolated public static let defaultFilterLength = 256
    /// The longest query the filter keeps; a longer paste is cut to it and
    /// the filter bar says so.
    public var filterMaximumLength: Int { filterEditor.maximumLength }
    /// What the filter field said about the last key it took ("pasted text
    /// cut to 256 characters"), shown in the filter bar until the next key.
    var filterNotice: String?
    /// True while the filter field has focus: every printable key is text then.
    public private(set) var isEditingText = false
    /// The selected position in the current (possibly filtered) view.
    var selectedRow = 0
    var scrollOffset = 0
    /// Set by the wheel: the page was scrolled away from the selection, and
    /// drawing keeps it there until the selection moves.
    var isScrolledFreely = false
    /// Rows shown at the last draw; paging moves by this much.
    var visibleRowCount = 10
    /// Where the filter's cursor was drawn, while the filter has focus.
    public internal(set) var cursorPosition: CellPoint?
    /// Where the rows were drawn last, so a selection move redraws two rows.
    var drawnPage: DrawnPage?
    /// The page the secondary column was last measured on, its width and
    /// the column's width then.
    var measuredPage: (page: DrawnPage, width: Int, secondaryWidth: Int)?
    /// The highlighted item as last reported; nil before the first report,
    /// so the first rows to show are reported.
    var highlighted: HighlightedItem?
    /// The last row highlighted while one showed: where clearing a filter
    /// that hid every row comes back to.
    var lastShownIndex: Int?

    /// A list over `dataSource`, whose filter keeps queries of at most
    /// ``defaultFilterLength`` characters.
    public convenience init(dataSource: any ListDataSource, theme: Theme? = nil) {
        self.init(dataSource: dataSource, theme: theme, filterMaximumLength: Self.defaultFilterLength)
    }

    /// A list over `dataSource`, whose filter keeps queries of at most
    /// `filterMaximumLength` characters.
    public init(dataSource: any ListDataSource, theme: Theme? = nil, filterMaximumLength: Int) {
        self.dataSource = dataSource
        self.theme = theme
        filterEditor = TextFieldEditor(maximumLength: filterMaximumLength)
        spinner.onNeedsDisplay = { [weak self] in self?.needsDisplay() }
        progressWidget.onNeedsDisplay = { [weak self] in self?.needsDisplay() }
    }

    // MARK: The view

    /// Rows in the current view: the matches while filtering, else all.
    public var visibleCount: Int { filter.matches?.count ?? dataSource.count }

    /// The current filter text ("" when none).
    public var filterQuery: String { filter.query }

    /// Whether a filter is open or applied; Esc clears it before meaning back.
    public var isFiltering: Bool { isEditingText || filter.isActive }

    func sourceIndex(ofRow row: Int) -> Int { filter.matches?[row] ?? row }

    /// The selected row's index in the data source; nil when nothing is shown.
    /// Setting it selects that row (when the current filter shows it).
    public var selectedIndex: Int? {
        get { visibleCount > 0 ? sourceIndex(ofRow: selectedRow) : nil }
        set {
            guard let newValue, let row = row(ofSourceIndex: newValue) else { return }
            select(row: row)
        }
    }

    /// "3 of 51" while filtering, "12/51" otherwise: for a header or footer.
    /// Counts are grouped as everywhere else ("82 of 1,000,000"), whatever
    /// the locale (`ProgressText.count`).
    public var positionText: String {
        if filter.isActive { return filterCountText }
        return visibleCount == 0 ? "0/0" : ProgressText.count(selectedRow + 1) + "/" + ProgressText.count(visibleCount)
    }

    /// "3 of 51": the filter's matches out of every row.
    var filterCountText: String { ProgressText.count(visibleCount) + " of " + ProgressText.count(dataSource.count) }

    private func row(ofSourceIndex index: Int) -> Int? {
        guard let matches = filter.matches else {
            return index >= 0 && index < dataSource.count ? index : nil
        }
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < index { low = mid + 1 } else { high = mid }
        }
        return low < matches.count && matches[low] == index ? low : nil
    }

    /// Call when the data source's contents changed: the filter runs again
    /// and the selection stays on the same item (by `itemID(at:)` when the
    /// source gives identities, else the same index) where it still shows;
    /// where it is gone (the selected last row was deleted) it stays at the
    /// same position, clamped to the new count. A change of the highlighted
    /// item is reported through `onSelectionChange`.
    public func reloadData() {
        var target = selectedIndex
        if let id = highlighted?.id { target = highlighted?.locate(id, in: dataSource) }
        reloadData(selecting: target)
    }

    /// Filters again and selects the row of `index` when it shows; else
    /// keeps the selected position, clamped to the new count.
    func reloadData(selecting index: Int?) {
        let previousRow = selectedRow
        filter.reload(search: dataSource.indices(matching:among:))
        reselect(index, otherwiseRow: previousRow)
    }

    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) { isFocused = focused }

    // MARK: Keys

    /// The bindings that act now, for the footer, the help overlay and
    /// dispatch: one of five lists (browsing, a filter applied, typing in
    /// the filter, and the two with no row to act on), each built once, so
    /// a key press builds no array. A key that would do nothing is not
    /// offered and not taken: with no rows there is nothing to move to,
    /// open or filter (the list offers no key at all), and a filter that
    /// hides every row offers only editing and clearing it.
    public var bindings: [KeyBinding] {
        if isEditingText { return editingBindings }
        if visibleCount == 0 { return filter.isActive ? noMatchBindings : [] }
        return filter.isActive ? filteredBindings : browsingBindings
    }

    private var browsingCache: [KeyBinding]?
    private var browsingBindings: [KeyBinding] {
        if let browsingCache { return browsingCache }
        var result = KeyBinding.motions { [weak self] in self?.move($0) }
        result.append(KeyBinding([.enter, .right, .character("l")], openLabel) { [weak self] in self?.choose() })
        result.append(KeyBinding([.character("/")], "filter") { [weak self] in self?.openFilter() })
        browsingCache = result
        return result
    }

    private var filteredCache: [KeyBinding]?
    private var filteredBindings: [KeyBinding] {
        if let filteredCache { return filteredCache }
        // Two bindings so the footer names only Esc; help lists both.
        let result = browsingBindings + [
            KeyBinding([.escape], "clear filter") { [weak self] in self?.clearFilter() },
            KeyBinding([.backspace, .left, .character("h")], "clear filter", footer: false) {
                [weak self] in self?.clearFilter()
            },
        ]
        filteredCache = result
        return result
    }

    private var noMatchCache: [KeyBinding]?
    /// A filter that shows no row: its query can be edited or cleared.
    private var noMatchBindings: [KeyBinding] {
        if let noMatchCache { return noMatchCache }
        let result = filteredBindings.filter { binding in
            binding.keys.contains(.escape) || binding.keys.contains(.backspace) || binding.keys.contains(.character("/"))
        }
        noMatchCache = result
        return result
    }

    private lazy var editingBindings: [KeyBinding] = [
        KeyBinding([.enter], "done") { [weak self] in self?.finishEditing() },
        KeyBinding([.escape], "clear filter") { [weak self] in self?.clearFilter() },
        KeyBinding([.up], "up", footer: false) { [weak self] in self?.move(.up) },
        KeyBinding([.down], "down", footer: false) { [weak self] in self?.move(.down) },
        KeyBinding([.pageUp], "page up", footer: false) { [weak self] in self?.move(.pageUp) },
        KeyBinding([.pageDown], "page down", footer: false) { [weak self] in self?.move(.pageDown) },
    ]

    /// Handles `key` (a mouse report included); true when the widget used it.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        return isEditingText ? handleFilterKey(key) : bindings.dispatch(key)
    }

    private func handleFilterKey(_ key: TerminalKey) -> Bool {
        switch key {
        case .escape, .enter, .up, .down, .pageUp, .pageDown: return bindings.dispatch(key)
        case .backspace where filterEditor.isEmpty: clearFilter()
        default:
            // A paste is one key: it runs the filter once, whatever its length.
            let outcome = filterEditor.handle(key)
            let hadNotice = filterNotice != nil
            filterNotice = filterEditor.notice
            switch outcome {
            case .edited: applyQuery()
            case .moved: needsDisplay()
            case .ignored:
                if hadNotice || filterNotice != nil { needsDisplay() }
                return TextFieldEditor.isEditingKey(key)
            }
        }
        return true
    }

    // MARK: Actions

    /// Moves the selection by `motion`, scrolling to keep it visible.
    public func move(_ motion: Motion) {
        select(row: motion.target(from: selectedRow, count: visibleCount, page: visibleRowCount))
    }

    /// Scrolls the page by `lines` without moving the selection; the next
    /// move of the selection brings it back into view.
    func scrollPage(by lines: Int) {
        let target = min(max(0, scrollOffset + lines), max(0, visibleCount - visibleRowCount))
        guard target != scrollOffset else { return }
        scrollOffset = target
        isScrolledFreely = true
        needsDisplay()
    }

    func select(row: Int) {
        isScrolledFreely = false
        let clamped = min(max(0, row), max(0, visibleCount - 1))
        let previousRow = selectedRow
        selectedRow = clamped
        scrollOffset = ScrollOffset.keeping(selectedRow, visible: visibleRowCount, count: visibleCount,
                                            current: scrollOffset)
        // Inside the page on screen only the old and the new selected rows
        // change (and what shows the position); anything else redraws all.
        if !isLoading, let damage = drawnPage?.rowsChanged(bySelecting: selectedRow, from: previousRow,
                                                           scrollOffset: scrollOffset, count: visibleCount) {
            needsDisplay(rows: damage)
        } else {
            needsDisplay()
        }
        reportHighlight()
    }

    /// Chooses the selected row (as Enter does).
    public func choose() {
        guard let index = selectedIndex else { return }
        // Choosing changes no row the list shows: asking for none keeps the
        // view that handled the key from drawing the whole list again, under
        // the page the choice opens (and ncurses from composing it).
        onNeedsDisplayInRows?([])
        dataSource.didChoose(index: index)
        onChoose?(index)
    }

    /// Opens the filter field (keeping any query, to edit it).
    public func openFilter() {
        isEditingText = true
        needsDisplay()
    }

    /// Leaves the filter field; the filter stays applied unless it is empty.
    public func finishEditing() {
        isEditingText = false
        filterNotice = nil
        cursorPosition = nil
        needsDisplay()
    }

    /// Clears the query and closes the filter, keeping the selected item.
    public func clearFilter() {
        let previous = selectedIndex ?? lastShownIndex
        filterEditor.text = ""
        filter.clear()
        finishEditing()
        reselect(previous)
    }

    /// Sets the filter text as if typed.
    public func setFilter(_ query: String) {
        filterEditor.text = query
        applyQuery()
    }

    private func applyQuery() {
        // A query that shows rows again after none matched starts at the
        // first match, as any new query does; only clearing the filter goes
        // back to the item shown before.
        let previous = selectedIndex
        filter.update(query: filterEditor.text, search: dataSource.indices(matching:among:))
        reselect(previous)
    }

    private func reselect(_ index: Int?, otherwiseRow fallback: Int = 0) {
        let target = index.flatMap { row(ofSourceIndex: $0) } ?? fallback
        isScrolledFreely = false
        selectedRow = min(max(0, target), max(0, visibleCount - 1))
        scrollOffset = ScrollOffset.keeping(selectedRow, visible: visibleRowCount, count: visibleCount,
                                            current: scrollOffset)
        needsDisplay()
        reportHighlight()
    }

    /// Tells `onSelectionChange` when the highlighted item is another than
    /// the one reported last.
    private func reportHighlight() {
        let index = selectedIndex
        let now = HighlightedItem(index: index, id: index.flatMap { dataSource.itemID(at: $0) })
        guard now != highlighted else { return }
        // The first report of "nothing" is no change: nothing was highlighted.
        let first = highlighted == nil
        highlighted = now
        if index != nil { lastShownIndex = index }
        if first && index == nil { return }
        dataSource.didHighlight(index: index)
        onSelectionChange?(index)
    }

    func needsDisplay() { onNeedsDisplay?() }

    /// Only `rows` (panel coordinates) changed: asks for those when the
    /// owner listens, else for everything.
    func needsDisplay(rows: [Int]) {
        if let onNeedsDisplayInRows { onNeedsDisplayInRows(rows) } else { needsDisplay() }
    }
}
