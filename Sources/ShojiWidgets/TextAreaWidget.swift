import ShojiCurses

/// A multi-line text area: a ``TextAreaEditor`` drawn soft-wrapped at the
/// widget's width, scrolled so the cursor stays in view. The rightmost
/// column is kept free, so the cursor has a cell after a full row's last
/// character. Every key of the editor is the widget's (printable keys are
/// text, Enter is a newline); Tab is not, so a form moves the focus with it.
/// A form gets one from a `FormField` (ShojiPresentation) with `lines` above 1.
@MainActor
public final class TextAreaWidget: Widget {
    /// The editing model: the text, cursor, undo and redo.
    public private(set) var editor: TextAreaEditor
    /// Called with the text after each edit (typing, paste, undo, redo).
    public var onChange: ((String) -> Void)?
    /// Called when input was dropped because the text is at its
    /// ``TextAreaEditor/maximumLength``; the owner says so (a form shows a message).
    public var onTruncated: (() -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Whether it has the keys: focused, it draws the focused field style
    /// and places the cursor.
    public var isFocused = true { didSet { needsDisplay() } }
    /// The first row shown.
    public private(set) var firstVisibleRow = 0
    /// Where the terminal cursor goes, set at each draw while focused.
    public private(set) var cursorPosition: CellPoint?

    /// An area holding `text`, at most `maximumLength` characters.
    public init(text: String = "", maximumLength: Int = TextAreaEditor.defaultMaximumLength, theme: Theme? = nil) {
        editor = TextAreaEditor(text: text, maximumLength: maximumLength)
        self.theme = theme
    }

    /// The text.
    public var text: String {
        get { editor.text }
        set {
            editor.setText(newValue)
            firstVisibleRow = 0
            needsDisplay()
        }
    }

    /// Always true: every printable key is text here.
    public var isEditingText: Bool { true }

    /// Draws the focus muted while the screen has lost the keys.
    public func setFocused(_ focused: Bool) { isFocused = focused }

    /// Undo and redo, listed in help (not in the footer: the keys are
    /// handled with the other editing keys).
    public var bindings: [KeyBinding] { historyBindings }

    private lazy var historyBindings = [
        KeyBinding([.control("_"), .control("/")], "undo", footer: false) { [weak self] in _ = self?.handle(.control("_")) },
        KeyBinding([.control("y")], "redo", footer: false) { [weak self] in _ = self?.handle(.control("y")) },
    ]

    /// Handles `key`; true when it is an editing key, even one that changed
    /// nothing (Up on the first row), so it never reaches a form's focus moves.
    /// A left click (in the widget's coordinates) places the cursor there.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        switch editor.handle(key) {
        case .edited:
            needsDisplay()
            onChange?(editor.text)
        case .truncated:
            needsDisplay()
            onChange?(editor.text)
            onTruncated?()
        case .moved:
            needsDisplay()
        case .ignored:
            break
        }
        return TextAreaEditor.isEditingKey(key)
    }

    /// A left press places the cursor on the cell clicked (in the rows on
    /// screen, so after the scroll); the rest of the mouse is not the area's.
    private func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.action == .press, event.button == .left, event.position.y >= 0, event.position.x >= 0 else {
            return false
        }
        if editor.placeCursor(row: firstVisibleRow + event.position.y, column: event.position.x) == .moved {
            needsDisplay()
        }
        return true
    }

    /// The width rows wrap at in a canvas `width` columns wide.
    static func wrapWidth(for width: Int) -> Int { max(1, width - 1) }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let size = canvas.size
        guard size.width > 0, size.height > 0 else { return }
        editor.width = Self.wrapWidth(for: size.width)
        editor.pageRows = size.height
        let layout = editor.layout()
        let cursorRow = layout.row(containing: editor.cursor)
        firstVisibleRow = min(firstVisibleRow, cursorRow, max(0, layout.rows.count - size.height))
        if cursorRow >= firstVisibleRow + size.height { firstVisibleRow = cursorRow - size.height + 1 }
        let style = isFocused ? theme.focusedField : theme.field
        canvas.fill(CellRect(x: 0, y: 0, width: size.width, height: size.height), style: style)
        for (y, row) in layout.rows.dropFirst(firstVisibleRow).prefix(size.height).enumerated() {
            canvas.text(shown(row), at: CellPoint(x: 0, y: y), style: style, width: size.width, ellipsis: false)
        }
        cursorPosition = isFocused
            ? CellPoint(x: min(layout.column(of: editor.cursor), size.width - 1), y: cursorRow - firstVisibleRow)
            : nil
    }

    /// A row's text as drawn: tabs as the spaces up to the next tab stop.
    private func shown(_ row: TextAreaLayout.Row) -> String {
        var text = ""
        var column = 0
        for character in editor.characters[row.range] {
            let cells = TextAreaLayout.width(of: character, at: column)
            if character == "\t" { text += String(repeating: " ", count: cells) } else { text.append(character) }
            column += cells
        }
        return text
    }

    private func needsDisplay() { onNeedsDisplay?() }
}
