import ShojiCurses

/// A scrollable page about one thing: a title, aligned key/value rows with
/// wrapped values, then paragraphs of wrapped text. Wrapping is by display
/// width, so wide characters and combining marks are never split.
@MainActor
public final class DetailWidget: Widget {
    /// The heading. A new one starts the page at its top (another item);
    /// new fields or paragraphs under the same heading keep the scroll.
    public var title: String { didSet { contentChanged(startsAtTop: title != oldValue) } }
    /// The label and value rows, under the heading.
    public var fields: [DetailField] { didSet { contentChanged(startsAtTop: false) } }
    /// Text after the fields, wrapped.
    public var paragraphs: [String] { didSet { contentChanged(startsAtTop: false) } }
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called instead of `onNeedsDisplay` when new content
    /// changes only some of the rows on screen (a preview moving to the next
    /// item of a list keeps its labels), with those rows in panel coordinates.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// The first line shown.
    public private(set) var scrollOffset = 0
    private var visibleLines = 10
    /// The page laid out at the last draw's width and theme, as far as it
    /// was needed; nil after a change.
    private var layout: DetailLayout?
    /// What the last draw put on screen: its top row in the panel and the
    /// lines of each row, to tell which rows new content changes.
    private var drawnPage: (top: Int, lines: [[TextRun]], scrolls: Bool)?

    /// Keys wider than this share of the width are truncated, so values keep room.
    static let maximumKeyShare = 3
    /// Values narrower than this beside the keys go under them instead.
    static let minimumValueWidth = 10
    static let keyGap = 2

    /// A detail widget.
    public init(title: String, fields: [DetailField] = [], paragraphs: [String] = [], theme: Theme? = nil) {
        self.title = title
        self.fields = fields
        self.paragraphs = paragraphs
        self.theme = theme
    }

    /// The bindings active now, for the footer and the help overlay (made
    /// once): the motions, while the page is longer than the widget (a page
    /// that fits offers no key that would do nothing).
    public var bindings: [KeyBinding] { canScroll ? motionBindings : [] }
    private lazy var motionBindings = KeyBinding.motions { [weak self] in self?.scroll($0) }

    /// Whether the page is longer than the widget at its last draw; before
    /// the first draw, true (the motions are offered until it is known).
    public var canScroll: Bool {
        guard let drawn else { return true }
        return lineCount(atLeast: visibleLines + 1, width: drawn.width, theme: drawn.theme) > visibleLines
    }

    /// How many lines are laid out now: the page on screen and one more,
    /// until the user scrolls (for tests).
    var laidOutLineCount: Int { layout?.lines.count ?? 0 }

    /// How many lines the page has at `width` and `theme`, laid out until
    /// there are `count` (fewer: the page ends there).
    private func lineCount(atLeast count: Int, width: Int, theme: Theme) -> Int {
        if layout?.width != width || layout?.theme != theme {
            layout = DetailLayout(title: title, fields: fields, paragraphs: paragraphs, width: width, theme: theme)
        }
        layout?.layOut(upTo: count)
        return layout?.lines.count ?? 0
    }

    /// The width and theme of the last draw: the page is laid out again
    /// there after a change, to tell whether it scrolls before it is drawn.
    private var drawn: (width: Int, theme: Theme)?

    /// Handles `key` (a mouse report included): the motions, and the wheel,
    /// which scrolls three lines a step.
    public func handle(_ key: TerminalKey) -> Bool {
        guard case .mouse(let event) = key else { return bindings.dispatch(key) }
        let motion: Motion
        switch event.action {
        case .wheelUp: motion = .up
        case .wheelDown: motion = .down
        default: return false
        }
        for _ in 0..<3 { scroll(motion) }
        return true
    }

    /// Scrolls by `motion` (a line, a page, to an end).
    public func scroll(_ motion: Motion) {
        // Scrolling needs the page's end: the rest of it is laid out now.
        let count = drawn.map { lineCount(atLeast: .max, width: $0.width, theme: $0.theme) } ?? 0
        let maxOffset = max(0, count - visibleLines)
        scrollOffset = motion.target(from: scrollOffset, count: maxOffset + 1, page: visibleLines)
        onNeedsDisplay?()
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let width = canvas.size.width
        drawn = (width, theme)
        visibleLines = max(1, canvas.size.height)
        // The rows on screen, and one more to know whether the page scrolls;
        // fewer lines than that means the page ends above.
        let count = lineCount(atLeast: max(scrollOffset + visibleLines, visibleLines + 1), width: width, theme: theme)
        scrollOffset = min(scrollOffset, max(0, count - visibleLines))
        let all = layout?.lines ?? []
        let shown = Array(all.dropFirst(scrollOffset).prefix(visibleLines))
        for (row, line) in shown.enumerated() where canvas.needsDrawing(row: row) {
            canvas.draw(line, at: CellPoint(x: 0, y: row))
        }
        drawnPage = scrollOffset == 0 ? (canvas.originInPanel.y, shown, count > visibleLines) : nil
    }

    /// The page's length at `width`: every line of it, so a pane sized by
    /// its content shows the whole page without scrolling.
    public func measuredHeight(forWidth width: Int) -> Int? {
        guard width > 0 else { return 0 }
        if var layout, layout.width == width { return layout.allLines().count }
        var page = DetailLayout(title: title, fields: fields, paragraphs: paragraphs, width: width,
                                theme: theme ?? .standard)
        return page.allLines().count
    }

    /// Sets the heading, the fields and the paragraphs at once: one layout,
    /// and only the rows whose text changed are drawn again.
    public func show(title: String, fields: [DetailField], paragraphs: [String]) {
        let isNew = title != self.title
        isBatching = true
        self.title = title
        self.fields = fields
        self.paragraphs = paragraphs
        isBatching = false
        contentChanged(startsAtTop: isNew)
    }

    private var isBatching = false

    /// When the page was on screen from its top and stays there, only the
    /// rows whose lines differ are drawn again, unless whether it scrolls
    /// changed (its scroll keys come or go: everything is drawn again).
    private func contentChanged(startsAtTop: Bool) {
        guard !isBatching else { return }
        layout = nil
        if startsAtTop { scrollOffset = 0 }
        guard scrollOffset == 0, let onNeedsDisplayInRows, let drawn, let page = drawnPage else {
            drawnPage = nil
            onNeedsDisplay?()
            return
        }
        // Only the page on screen, and a line more to know whether it scrolls.
        let count = lineCount(atLeast: visibleLines + 1, width: drawn.width, theme: drawn.theme)
        let shown = Array((layout?.lines ?? []).prefix(visibleLines))
        guard page.scrolls == (count > visibleLines) else {
            drawnPage = nil
            onNeedsDisplay?()
            return
        }
        var changed: [Int] = []
        for row in 0..<max(shown.count, page.lines.count)
        where row >= shown.count || row >= page.lines.count || shown[row] != page.lines[row] {
            changed.append(row)
        }
        drawnPage = (page.top, shown, page.scrolls)
        onNeedsDisplayInRows(changed.map { page.top + $0 })
    }
}
