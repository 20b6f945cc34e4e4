import ShojiCurses

/// An append-only log view: lines are appended as they come, the view
/// follows the tail until the user scrolls up (Up, PageUp, Home, the
/// wheel) and follows again on End or on reaching the bottom. While
/// scrolled up, appends leave the view where it is and a mark on the last
/// row counts the new lines. `/` searches (`n` older, `N` newer match).
///
/// Lines are held as bytes in one buffer (see ``heldBytes``), so a million
/// lines cost about their text; only the lines on screen become strings.
/// Control characters are drawn as their pictures (`␛`), never sent to the
/// terminal. An optional cap (``maximumLines``) drops the oldest lines.
///
/// Appending asks for the rows whose line changed (`onNeedsDisplayInRows`):
/// while following, the rows that show another line; while scrolled up,
/// only the row of the mark.
@MainActor
public final class LogWidget: Widget {
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the rows (panel coordinates) that
    /// show another line, or another mark, after a change.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme? { didSet { redrawAll() } }
    /// The most lines kept: appending past it drops the oldest. Nil keeps all.
    public var maximumLines: Int? {
        didSet {
            applyCap()
            changed()
        }
    }
    /// Whether the view shows the newest lines and moves with them.
    public internal(set) var isFollowing = true
    /// Lines appended since the user scrolled up (the mark's count).
    public internal(set) var newLineCount = 0
    /// True while the search field has focus: printable keys are its text.
    public internal(set) var isEditingText = false
    /// Where the search field's cursor is, while it has focus.
    public internal(set) var cursorPosition: CellPoint?

    var lines = LogLines()
    /// The first line shown while not following (0 is the oldest kept).
    var top = 0
    /// Rows of lines at the last draw (the search field's row not counted).
    var pageHeight = 0
    /// Lines dropped by the cap so far: a line's number for good is this plus its index.
    var dropped = 0
    /// What the last draw showed: its top row in the panel and each row's line.
    var drawn: (top: Int, page: LogPage)?
    var search = LogSearch()
    var isFocused = true

    // The bindings, made once: a footer tells a binding by its declaration.
    lazy var followBinding = KeyBinding([.end, .character("G")], "follow") { [weak self] in self?.follow() }
    lazy var motionBindings = KeyBinding.motions { [weak self] in self?.scroll($0) }
    lazy var searchBinding = KeyBinding([.character("/")], "search") { [weak self] in self?.openSearch() }
    lazy var matchBindings = [
        KeyBinding([.character("n")], "older match") { [weak self] in self?.findMatch(step: -1) },
        KeyBinding([.character("N")], "newer match") { [weak self] in self?.findMatch(step: 1) },
        KeyBinding([.escape], "clear search") { [weak self] in self?.clearSearch() },
    ]
    lazy var editingBindings = [
        KeyBinding([.enter], "find") { [weak self] in self?.finishSearch() },
        KeyBinding([.escape], "cancel") { [weak self] in self?.clearSearch() },
    ]

    /// An empty log that keeps at most `maximumLines` lines (nil: all).
    public init(maximumLines: Int? = nil, theme: Theme? = nil) {
        self.maximumLines = maximumLines
        self.theme = theme
    }

    // MARK: Lines

    /// How many lines are kept.
    public var lineCount: Int { lines.count }
    /// Line `index` (0 is the oldest kept) as text.
    public func line(at index: Int) -> String { lines.line(index) }
    /// The bytes the lines take in memory, spare room included.
    public var heldBytes: Int { lines.heldBytes }
    /// The bytes of the lines' text (UTF-8, without line breaks).
    public var textBytes: Int { lines.textBytes }
    /// The first line shown.
    public var firstVisibleLine: Int { isFollowing ? maxTop : min(top, maxTop) }
    var maxTop: Int { max(0, lines.count - pageHeight) }

    /// Appends `text` as a line, or as several when it holds line breaks.
    public func append(_ text: String) {
        didAppend(lines.append(text))
    }

    /// Appends each of `texts` as `append(_:)` does, with one redraw.
    public func append(contentsOf texts: some Sequence<String>) {
        var added = 0
        for text in texts { added += lines.append(text) }
        didAppend(added)
    }

    /// Forgets every line (a console's "clear"): the view is empty and
    /// follows again, and a search finds only lines appended after. The
    /// search's query stays, so `n` looks in what comes next.
    public func clear() {
        // The cleared lines count as dropped: a number for good never
        // names two lines (see `dropped`).
        dropped += lines.count
        lines = LogLines()
        top = 0
        isFollowing = true
        newLineCount = 0
        search.current = nil
        search.notFound = nil
        changed()
    }

    private func didAppend(_ added: Int) {
        if !isFollowing { newLineCount += added }
        applyCap()
        changed()
    }

    /// Drops the lines past the cap; the lines in view stay in view.
    private func applyCap() {
        guard let maximumLines, lines.count > maximumLines else { return }
        let excess = lines.count - max(0, maximumLines)
        lines.dropFirst(excess)
        dropped += excess
        top = max(0, top - excess)
        if let current = search.current, current < dropped { search.current = nil }
    }

    // MARK: Scrolling

    /// Scrolls by `motion`; scrolling up stops following, reaching the
    /// bottom (End) follows again.
    public func scroll(_ motion: Motion) {
        show(top: motion.target(from: firstVisibleLine, count: maxTop + 1, page: pageHeight))
    }

    /// Shows the newest lines and follows them again.
    public func follow() { show(top: maxTop) }

    /// Shows the page starting at line `target`.
    func show(top target: Int) {
        top = min(max(0, target), maxTop)
        isFollowing = top >= maxTop
        if isFollowing { newLineCount = 0 }
        search.notFound = nil
        changed()
    }

    // MARK: Redrawing

    /// What each row shows now, at the last draw's height.
    func page() -> LogPage {
        let first = firstVisibleLine
        let rows = (0..<pageHeight).map { first + $0 < lines.count ? dropped + first + $0 : -1 }
        return LogPage(rows: rows, mark: markText)
    }

    /// The note on the last row: a search that found nothing, else the
    /// lines appended while scrolled up.
    var markText: String? {
        if let notFound = search.notFound { return " no match: \(notFound) " }
        guard !isFollowing, newLineCount > 0 else { return nil }
        let count = ProgressText.count(newLineCount)
        return " \(count) new \(newLineCount == 1 ? "line" : "lines") (End) "
    }

    /// Asks for the rows that show something else than at the last draw.
    func changed() {
        guard let drawn, let onNeedsDisplayInRows else {
            onNeedsDisplay?()
            return
        }
        let page = page()
        let rows = page.rowsChanged(from: drawn.page)
        self.drawn?.page = page
        if !rows.isEmpty { onNeedsDisplayInRows(rows.map { drawn.top + $0 }) }
    }

    func redrawAll() {
        drawn = nil
        onNeedsDisplay?()
    }

    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        redrawAll()
    }
}

/// What each row of a log view shows: a line's number for good (-1: none)
/// and the mark on the last row. Lines never change once appended, so a
/// row whose number is the same shows the same cells.
struct LogPage: Equatable {
    var rows: [Int]
    var mark: String?

    /// The rows (from 0) whose cells differ from `old`'s.
    func rowsChanged(from old: LogPage) -> [Int] {
        var changed = (0..<max(rows.count, old.rows.count)).filter { row in
            row >= rows.count || row >= old.rows.count || rows[row] != old.rows[row]
        }
        if mark != old.mark, let last = (rows.isEmpty ? nil : rows.count - 1), !changed.contains(last) {
            changed.append(last)
        }
        return changed
    }
}
