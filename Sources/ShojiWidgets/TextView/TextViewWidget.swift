import ShojiCurses

/// A read-only view of text of any length, a pager: a diff, a man page, a
/// log file, a tool's output. It moves by line, half page, page, to the top
/// and the bottom with the keys of `less` and the arrows, searches forward
/// and back (`/`, `?`, `n`, `N`) with the matches highlighted, and wraps
/// long lines or cuts them (`w` toggles).
///
/// The text is held once, as the bytes of its lines in one buffer (a
/// million lines cost about their text); a line is styled only when it is
/// drawn, and wrapped only when it is drawn or scrolled past, so drawing
/// and moving to the bottom cost the rows on screen, not the text's length.
/// A position is a line and a row inside it, so no line above the page is
/// ever wrapped.
///
/// SGR sequences in the text (`git diff --color`, `ls --color`) are shown
/// as styles; every other control sequence is drawn visibly (`␛[2J`) and
/// never reaches the terminal.
///
/// ```swift
/// let pager = TextViewWidget(text: diff)
/// pager.append(moreOutput)  // a tool's output streaming in
/// ```
@MainActor
public final class TextViewWidget: Widget {
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme? { didSet { onNeedsDisplay?() } }
    /// Whether long lines wrap onto further rows (true) or are cut at the
    /// right edge (false).
    public var wraps: Bool {
        didSet {
            guard wraps != oldValue else { return }
            top.row = 0
            rowCounts.removeAll()
            onNeedsDisplay?()
        }
    }
    /// True while the search field has focus: printable keys are its text.
    public internal(set) var isEditingText = false
    /// Where the search field's cursor is, while it has focus.
    public internal(set) var cursorPosition: CellPoint?

    var lines = LogLines()
    /// Whether the last line has no line break yet: the next append goes on it.
    var lastLineIsOpen = false
    /// The first row shown.
    var top = TextViewPosition(line: 0, row: 0)
    /// Rows the widget had at the last draw.
    var drawnHeight = 0
    /// Rows of text: the last draw's, less the search field's row while it is open.
    var pageHeight: Int { max(0, drawnHeight - (isEditingText ? 1 : 0)) }
    /// Columns at the last draw: what lines wrap at.
    var pageWidth = 0
    /// Rows each wrapped line takes, for the lines measured at `pageWidth`.
    var rowCounts: [Int: Int] = [:]
    var search = TextViewSearch()
    var isFocused = true
    /// Lines styled so far (made into runs for drawing or wrapping): what a
    /// test counts to see that only the rows on screen are worked on.
    var linesStyled = 0

    // The bindings, made once: a footer tells a binding by its declaration.
    lazy var motionBindings = [
        KeyBinding([.down, .character("j")], "line down", footer: false) { [weak self] in self?.scroll(rows: 1) },
        KeyBinding([.up, .character("k")], "line up", footer: false) { [weak self] in self?.scroll(rows: -1) },
        KeyBinding([.character(" "), .pageDown, .character("f")], "page down", footer: false) { [weak self] in
            self?.scrollPages(1)
        },
        KeyBinding([.character("b"), .pageUp], "page up", footer: false) { [weak self] in self?.scrollPages(-1) },
        KeyBinding([.control("d")], "half page down", footer: false) { [weak self] in self?.scrollHalfPages(1) },
        KeyBinding([.control("u")], "half page up", footer: false) { [weak self] in self?.scrollHalfPages(-1) },
        KeyBinding([.character("g"), .home], "top", footer: false) { [weak self] in self?.scrollToTop() },
        KeyBinding([.character("G"), .end], "bottom", footer: false) { [weak self] in self?.scrollToBottom() },
    ]
    lazy var searchBindings = [
        KeyBinding([.character("/")], "search") { [weak self] in self?.openSearch(backward: false) },
        KeyBinding([.character("?")], "search back", footer: false) { [weak self] in self?.openSearch(backward: true) },
    ]
    lazy var wrapBinding = KeyBinding([.character("w")], "wrap") { [weak self] in self?.wraps.toggle() }
    lazy var matchBindings = [
        KeyBinding([.character("n")], "next match") { [weak self] in self?.findMatch(reversed: false) },
        KeyBinding([.character("N")], "previous match") { [weak self] in self?.findMatch(reversed: true) },
        KeyBinding([.escape], "clear search") { [weak self] in self?.clearSearch() },
    ]
    lazy var editingBindings = [
        KeyBinding([.enter], "find") { [weak self] in self?.finishSearch() },
        KeyBinding([.escape], "cancel") { [weak self] in self?.cancelSearch() },
    ]

    /// A view of `text` (see ``setText(_:)``), cutting long lines unless
    /// `wraps`.
    public init(text: String = "", wraps: Bool = false, theme: Theme? = nil) {
        self.wraps = wraps
        self.theme = theme
        append(text)
    }

    // MARK: Text

    /// How many lines the text has.
    public var lineCount: Int { lines.count }

    /// Line `index` (from 0) as it is shown: SGR sequences removed, tabs
    /// expanded.
    public func line(at index: Int) -> String { SGRText.plain(lines.line(index)) }

    /// The first line shown (or partly shown, when it wraps).
    public var firstVisibleLine: Int { top.line }

    /// Replaces the text and shows its top; the search's query stays, its
    /// match is forgotten.
    public func setText(_ text: String) {
        lines = LogLines()
        lastLineIsOpen = false
        top = TextViewPosition(line: 0, row: 0)
        rowCounts.removeAll()
        search.current = nil
        search.note = nil
        append(text)
        onNeedsDisplay?()
    }

    /// Adds `text` at the end, as a tool writes it: it continues the last
    /// line until a line break ends it, so output that arrives in pieces
    /// (a line, or an SGR sequence, cut in two) reads as if it came whole.
    /// The view stays where it is.
    public func append(_ text: String) {
        guard !text.isEmpty else { return }
        var text = text
        if lastLineIsOpen, lines.count > 0 {
            text = lines.line(lines.count - 1) + text
            rowCounts[lines.count - 1] = nil
            lines.removeLast()
        }
        lines.append(text)
        lastLineIsOpen = text.utf8.last != 0x0A
        onNeedsDisplay?()
    }

    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) {
        guard focused != isFocused else { return }
        isFocused = focused
        onNeedsDisplay?()
    }

    /// Line `index` as runs over `base` (counted in ``linesStyled``).
    func styledRuns(_ index: Int, base: Style) -> [TextRun] {
        linesStyled += 1
        return SGRText.runs(lines.line(index), base: base)
    }
}
