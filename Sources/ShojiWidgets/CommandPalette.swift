import ShojiCurses

/// A command palette in the manner of Textual's Ctrl-P: a bordered modal box
/// with a query field on top and, below it, the commands whose label matches
/// the query, each with its keys on the right. It lets a user find an action
/// by name instead of remembering its key, and teaches the key as they go.
///
/// It is fed with `KeyBinding`s (typically every binding active on the
/// current screen plus the app's own), so it offers exactly what the keys
/// do and cannot drift from the footer or the help overlay. The owner
/// centres it using `preferredSize(in:)`, as for `HelpOverlay`, and copies
/// `cursorPosition` to its panel.
///
/// It never navigates and never runs a command itself: Enter reports the
/// chosen binding through `onRun`, so the owner can close the palette first
/// and then run `binding.action()` against the screen underneath, which is
/// where the action's effects belong.
@MainActor
public final class CommandPalette: Widget {
    /// The box's title, set into its top border.
    public let title: String
    /// The commands offered, in declaration order, without duplicates (same
    /// label and same keys) and without bindings whose label is empty: the
    /// owner gathers bindings from several places (the screen, its widgets,
    /// the app), which can declare the same command, and a binding without a
    /// label exists only for dispatch; neither should show up twice or blank.
    public let commands: [KeyBinding]
    /// Called with the selected binding when the user presses Enter. The
    /// owner closes the palette first, then runs `binding.action()`, so the
    /// action sees the screen it was declared for, not the palette.
    public var onRun: ((KeyBinding) -> Void)?
    /// Called when the user dismisses the palette: Esc, or Backspace with an
    /// empty query, so deleting past the start backs out as it does from the
    /// list's `/` filter.
    public var onClose: (() -> Void)?
    /// Set by the owner: called when the palette's look changed (a key
    /// typed, the selection moved), so it redraws only then.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme to draw with; nil picks the one that suits the canvas.
    public var theme: Theme?

    /// The commands matching the current query, best first: the query's
    /// characters must appear in the label in order, ignoring case (`flt`
    /// finds "filter"); labels that start with the query come first, then
    /// those with it at a word's start, inside a word, spread over word
    /// starts, then spread anywhere, each group in declaration order. Every
    /// command while the query is empty.
    public private(set) var matches: [KeyBinding]
    /// Where the terminal cursor goes, in the widget's own coordinates, set
    /// at each draw (nil when the box is too small for the query field). The
    /// owner copies it to its panel so the user sees where typing goes.
    public private(set) var cursorPosition: CellPoint?

    private var editor: TextFieldEditor
    /// The selected position in `matches`.
    private var selectedRow = 0
    private var scrollOffset = 0
    /// Rows shown at the last draw; paging moves by this much.
    private var visibleRowCount = 10

    /// Shown in place of the rows when the query matches nothing.
    static let noMatchesMessage = "No matching commands"
    /// Border and one column of padding on each side.
    private static let chrome = 4
    /// Beyond this a palette stops being a glance and becomes a page.
    static let maximumWidth = 60
    /// Rows of commands at most; more scroll.
    static let maximumRows = 12
    /// The query line and the separator under it.
    private static let headerRows = 2
    /// Between a label and its keys.
    private static let columnGap = 2
    /// The narrowest label worth keeping the key column for.
    private static let minimumLabelWidth = 8
    /// The query's prompt and the space after it.
    private static let prompt = ">"
    private static let promptWidth = 2

    /// Makes a palette over `bindings`, dropping duplicates and unlabelled
    /// ones (see `commands`). The query starts empty, so every command shows,
    /// and keeps at most 256 characters (``ListWidget/defaultFilterLength``).
    public convenience init(title: String = "Commands", bindings: [KeyBinding], theme: Theme? = nil) {
        self.init(title: title, bindings: bindings, theme: theme, queryMaximumLength: ListWidget.defaultFilterLength)
    }

    /// Makes a palette over `bindings`, dropping duplicates and unlabelled
    /// ones (see `commands`). The query starts empty, so every command shows,
    /// and keeps at most `queryMaximumLength` characters: a longer paste is
    /// cut, and the line under the query says so.
    public init(title: String = "Commands", bindings: [KeyBinding], theme: Theme? = nil,
                queryMaximumLength: Int) {
        self.title = title
        self.theme = theme
        editor = TextFieldEditor(maximumLength: queryMaximumLength)
        var seen = Set<CommandIdentity>()
        commands = bindings.filter { binding in
            !binding.label.allSatisfy(\.isWhitespace)
                && seen.insert(CommandIdentity(label: binding.label, keys: binding.keys)).inserted
        }
        matches = commands
    }

    /// What makes two bindings the same command for the palette.
    private struct CommandIdentity: Hashable {
        let label: String
        let keys: [TerminalKey]
    }

    // MARK: State

    /// The query as typed so far.
    public var query: String { editor.text }

    /// Always true: the palette is a text field first, so every printable key
    /// (`q`, `j`, `k`, `?`) is text and the app must not treat it as a
    /// command while the palette is open.
    public var isEditingText: Bool { true }

    /// The command Enter would run; nil when nothing matches.
    public var selectedCommand: KeyBinding? {
        matches.indices.contains(selectedRow) ? matches[selectedRow] : nil
    }

    // MARK: Size

    /// Wide enough for the longest command (label, gap, keys), the title and
    /// the no-matches message, at most `maximumWidth` columns and never wider
    /// than `available`; tall enough for the query, the separator and up to
    /// `maximumRows` commands. Measured over all commands, not the matches,
    /// so the box keeps its size while the user types.
    public func preferredSize(in available: CellSize) -> CellSize {
        let widestRow = commands.reduce(0) { widest, command in
            let keys = DisplayText.width(of: command.keyNames)
            return max(widest, DisplayText.width(of: command.label) + (keys > 0 ? Self.columnGap + keys : 0))
        }
        let content = max(widestRow, DisplayText.width(of: title) + 2, DisplayText.width(of: Self.noMatchesMessage))
        let rows = min(Self.maximumRows, max(1, commands.count))
        return CellSize(width: max(0, min(available.width, Self.maximumWidth, content + Self.chrome)),
                        height: max(0, min(available.height, rows + Self.headerRows + 2)))
    }

    // MARK: Keys

    /// The palette's own keys, for a footer or help shown while it is open.
    /// Typing is not listed: it is what the box is for.
    public var bindings: [KeyBinding] { ownBindings }
    private lazy var ownBindings: [KeyBinding] = {
        [
            KeyBinding([.enter], "run") { [weak self] in self?.runSelected() },
            KeyBinding([.escape], "close") { [weak self] in self?.onClose?() },
            KeyBinding([.up, .control("p")], "previous", footer: false) { [weak self] in self?.move(.up) },
            KeyBinding([.down, .control("n")], "next", footer: false) { [weak self] in self?.move(.down) },
            KeyBinding([.pageUp], "page up", footer: false) { [weak self] in self?.move(.pageUp) },
            KeyBinding([.pageDown], "page down", footer: false) { [weak self] in self?.move(.pageDown) },
        ]
    }()

    /// The palette's keys first, then the query field's: every printable key
    /// is text. Editing keys that change nothing (Left at the start) are
    /// still used, so they never fall through to back or quit; other keys
    /// (Tab, function keys) are left to the owner.
    public func handle(_ key: TerminalKey) -> Bool {
        if bindings.dispatch(key) { return true }
        if key == .backspace, editor.isEmpty {
            onClose?()
            return true
        }
        // A paste is one key: the commands are ranked once, whatever its length.
        switch editor.handle(key) {
        case .edited: applyQuery()
        case .moved: needsDisplay()
        case .ignored:
            if editor.notice != nil { needsDisplay() }
            return TextFieldEditor.isEditingKey(key)
        }
        return true
    }

    /// What the query field could not do with the last key ("pasted text
    /// cut to 256 characters"), shown on the line under the query; nil
    /// when it did all it was asked.
    public var notice: String? { editor.notice }

    // MARK: Actions

    /// Moves the selection through the matches, stopping at the first and
    /// last (it does not wrap, so holding a key never jumps to the far end).
    public func move(_ motion: Motion) {
        selectedRow = motion.target(from: selectedRow, count: matches.count, page: visibleRowCount)
        scrollOffset = ScrollOffset.keeping(selectedRow, visible: visibleRowCount, count: matches.count,
                                            current: scrollOffset)
        needsDisplay()
    }

    /// Reports the selected command through `onRun`; nothing when no command
    /// matches, so Enter on an empty result is harmless.
    public func runSelected() {
        guard let command = selectedCommand else { return }
        onRun?(command)
    }

    /// Filters again and selects the best match: after a new letter the
    /// ranking changes, so the old position means nothing.
    private func applyQuery() {
        matches = Self.rank(commands, by: editor.text)
        selectedRow = 0
        scrollOffset = 0
        needsDisplay()
    }

    /// The commands whose label matches `query` fuzzily, best kind of
    /// match first (``FuzzyMatch/Kind``), each kind in declaration order.
    static func rank(_ commands: [KeyBinding], by query: String) -> [KeyBinding] {
        guard !query.isEmpty else { return commands }
        let scored = commands.enumerated().compactMap { index, command in
            FuzzyMatch(query, in: command.label).map { (match: $0, index: index, command: command) }
        }
        return scored.sorted { ($0.match.kind, $0.index) < ($1.match.kind, $1.index) }.map(\.command)
    }

    private func needsDisplay() { onNeedsDisplay?() }

    // MARK: Drawing

    /// Draws the whole box into `canvas`, which the owner sized with
    /// `preferredSize(in:)`; any smaller size still draws cleanly (fewer
    /// rows, labels cut with `…`), as a resize can leave it anywhere.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let bounds = canvas.bounds
        cursorPosition = nil
        canvas.fill(bounds, style: theme.normal)
        canvas.box(bounds, style: theme.border, title: title, titleStyle: theme.title)
        let inner = bounds.insetBy(dx: 2, dy: 1)
        guard inner.width > 0, inner.height > 0 else { return }
        drawQuery(on: canvas, row: inner.y, inner: inner, theme: theme)
        guard inner.height > Self.headerRows else { return }
        drawSeparator(on: canvas, row: inner.y + 1, width: bounds.width, theme: theme)
        let rows = CellRect(x: inner.x, y: inner.y + Self.headerRows, width: inner.width,
                            height: inner.height - Self.headerRows)
        visibleRowCount = rows.height
        scrollOffset = ScrollOffset.keeping(selectedRow, visible: visibleRowCount, count: matches.count,
                                            current: scrollOffset)
        guard !matches.isEmpty else {
            canvas.text(Self.noMatchesMessage, at: rows.origin, style: theme.secondary, width: rows.width)
            return
        }
        let shown = matches.indices.dropFirst(scrollOffset).prefix(rows.height)
        for (offset, index) in shown.enumerated() {
            drawCommand(matches[index], selected: index == selectedRow, on: canvas, row: rows.y + offset,
                        inner: inner, boxWidth: bounds.width, theme: theme)
        }
    }

    /// `> query` with the cursor, scrolled so the cursor stays visible.
    private func drawQuery(on canvas: Canvas, row: Int, inner: CellRect, theme: Theme) {
        canvas.text(Self.prompt, at: CellPoint(x: inner.x, y: row), style: theme.footerKey, width: inner.width)
        let fieldX = inner.x + Self.promptWidth
        let fieldWidth = inner.maxX - fieldX
        guard fieldWidth > 0 else { return }
        let (text, cursorColumn) = editor.visible(width: fieldWidth)
        canvas.fill(CellRect(x: fieldX, y: row, width: fieldWidth, height: 1), style: theme.focusedField)
        canvas.text(text, at: CellPoint(x: fieldX, y: row), style: theme.focusedField, width: fieldWidth, ellipsis: false)
        cursorPosition = CellPoint(x: fieldX + cursorColumn, y: row)
    }

    /// A rule joined to the border (`├──┤`) between the query and the commands.
    private func drawSeparator(on canvas: Canvas, row: Int, width: Int, theme: Theme) {
        canvas.horizontalLine(at: CellPoint(x: 1, y: row), length: width - 2, style: theme.border)
        // Without UTF-8 these come out as `+`, like the box's corners.
        canvas.text("├", at: CellPoint(x: 0, y: row), style: theme.border)
        canvas.text("┤", at: CellPoint(x: width - 1, y: row), style: theme.border)
        // The query field's notice, on the rule, when it fits whole.
        if let notice = editor.notice, DisplayText.width(of: notice) + 2 <= width - 4 {
            canvas.text(" " + notice + " ", at: CellPoint(x: 2, y: row), style: theme.secondary)
        }
    }

    /// The label on the left (cut with `…`, its match highlighted) and the
    /// key names right-aligned; the selected row is a bar between the borders.
    private func drawCommand(_ command: KeyBinding, selected: Bool, on canvas: Canvas, row: Int,
                             inner: CellRect, boxWidth: Int, theme: Theme) {
        let base = selected ? theme.selection : theme.normal
        if selected { canvas.fill(CellRect(x: 1, y: row, width: boxWidth - 2, height: 1), style: base) }
        let keys = command.keyNames
        let keyWidth = DisplayText.width(of: keys)
        let showsKeys = keyWidth > 0 && inner.width >= keyWidth + Self.columnGap + Self.minimumLabelWidth
        let labelWidth = showsKeys ? inner.width - keyWidth - Self.columnGap : inner.width
        canvas.draw(labelRuns(command.label, base: base, theme: theme), at: CellPoint(x: inner.x, y: row),
                    width: labelWidth)
        if showsKeys {
            canvas.text(keys, at: CellPoint(x: inner.maxX - keyWidth, y: row),
                        style: selected ? base : theme.footerKey, width: keyWidth)
        }
    }

    /// The label with the query's matched characters highlighted as in the
    /// list's filter, so the user sees why a command is there.
    private func labelRuns(_ label: String, base: Style, theme: Theme) -> [TextRun] {
        guard let match = FuzzyMatch(editor.text, in: label) else { return [TextRun(label, base)] }
        let highlight = base == theme.normal ? theme.match : base.with(theme.match.attributes)
        let matched = Set(match.offsets)
        var runs: [TextRun] = []
        for (offset, character) in label.enumerated() {
            let style = matched.contains(offset) ? highlight : base
            if let last = runs.last, last.style == style {
                runs[runs.count - 1] = TextRun(last.text + String(character), style)
            } else {
                runs.append(TextRun(String(character), style))
            }
        }
        return runs
    }
}
