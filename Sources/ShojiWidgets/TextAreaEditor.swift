import ShojiCurses

/// The editing model of a multi-line text area, apart from drawing: the
/// text, the cursor, soft-wrapped rows (``TextAreaLayout``), undo and redo,
/// and a bound on the length. Works on Characters (grapheme clusters), so the
/// cursor never lands inside one: "é" written as e + a combining accent, a
/// family emoji joined by ZWJs and "漢" are one step each.
///
/// Keys (``handle(_:)``):
/// - Left/Right: a character; Up/Down: a row, keeping the column the cursor
///   started from (the goal column) across shorter rows; PgUp/PgDn: a page.
/// - Home/End: the start and end of the row on screen; Ctrl-A/Ctrl-E: of
///   the whole line (up to its newline), as in a shell.
/// - Ctrl-Left/Ctrl-Right: to the start of the word before, the end of the
///   word after (letters, digits and `_` make words).
/// - Enter inserts a newline; Backspace and Delete join lines at their ends.
/// - Ctrl-W deletes the word before the cursor (and the spaces after it),
///   Ctrl-K the rest of the line; at a line's end Ctrl-K joins the next
///   line, as in a shell. Each is one undo step.
/// - A click places the cursor (``placeCursor(row:column:)``).
/// - A paste (bracketed paste) is inserted as it came, newlines and tabs
///   kept, other control characters dropped, `\r\n` and `\r` made `\n`.
/// - Undo: Ctrl-_, which is what Ctrl-/ (and Ctrl-7) send on most
///   terminals, and Ctrl-/ as the kitty keyboard protocol reports it. Not
///   Ctrl-Z: that suspends the app, as everywhere in a terminal. Redo:
///   Ctrl-Y. A run of typing, of Backspace or of Delete is one step; a paste
///   is one step.
/// - Tab is not the editor's: a form uses it to move the focus.
///
/// At most ``maximumLength`` characters: what would pass it is dropped and
/// the key answers ``EditOutcome/truncated``, so a giant paste cannot exhaust
/// memory.
@MainActor
public struct TextAreaEditor: Sendable {
    /// What a key did.
    public enum EditOutcome: Equatable, Sendable {
        /// The text changed.
        case edited
        /// Only the cursor moved.
        case moved
        /// Nothing happened.
        case ignored
        /// The text is at ``TextAreaEditor/maximumLength``: part or all of
        /// what was typed or pasted was dropped (the text may have changed).
        case truncated
    }

    /// The text, one Character per grapheme cluster; `"\n"` ends a line.
    public private(set) var characters: [Character]
    /// The insertion point, in characters from the start.
    public private(set) var cursor: Int
    /// The most characters the text may hold.
    public let maximumLength: Int
    /// The columns a row may take; the widget sets it to its width before
    /// it handles keys, so Up and Down move through the rows it shows.
    public var width: Int { didSet { if width != oldValue { cachedLayout = nil } } }
    /// The rows PgUp and PgDn move by: the widget's height.
    var pageRows = 1
    private var goalColumn: Int?
    private var history = TextAreaHistory()
    private var cachedLayout: TextAreaLayout?

    /// The default ``maximumLength``: 100,000 characters, far more than a
    /// note and little enough to lay out on every key.
    public static let defaultMaximumLength = 100_000

    /// An editor holding `text` (cut to `maximumLength`), the cursor at its end.
    public init(text: String = "", maximumLength: Int = defaultMaximumLength, width: Int = 80) {
        self.maximumLength = max(0, maximumLength)
        characters = Array(Self.sanitized(text).prefix(self.maximumLength))
        cursor = characters.count
        self.width = max(1, width)
    }

    /// The text.
    public var text: String { String(characters) }

    /// Replaces the text, the cursor at its end; forgets undo and redo.
    public mutating func setText(_ text: String) {
        characters = Array(Self.sanitized(text).prefix(maximumLength))
        cursor = characters.count
        history = TextAreaHistory()
        goalColumn = nil
        cachedLayout = nil
    }

    /// The rows at ``width``, computed once per change.
    public mutating func layout() -> TextAreaLayout {
        if let cachedLayout { return cachedLayout }
        let layout = TextAreaLayout(characters, width: width)
        cachedLayout = layout
        return layout
    }

    /// Whether there is a step to undo.
    public var canUndo: Bool { !history.undoSteps.isEmpty }
    /// Whether there is an undone step to redo.
    public var canRedo: Bool { !history.redoSteps.isEmpty }

    /// Keys the editor owns even when they change nothing (Up on the first
    /// row), so they never fall through to a form's focus moves or to back.
    public static func isEditingKey(_ key: TerminalKey) -> Bool {
        switch key {
        case .left, .right, .up, .down, .home, .end, .pageUp, .pageDown, .controlLeft, .controlRight,
             .enter, .backspace, .delete, .character, .paste,
             .control("a"), .control("e"), .control("_"), .control("/"), .control("y"), .control("w"), .control("k"):
            return true
        default:
            return false
        }
    }

    /// Applies an editing key (see the type's summary).
    public mutating func handle(_ key: TerminalKey) -> EditOutcome {
        switch key {
        case .left: return move(to: cursor - 1)
        case .right: return move(to: cursor + 1)
        case .up: return moveRows(by: -1)
        case .down: return moveRows(by: 1)
        case .pageUp: return moveRows(by: -max(1, pageRows - 1))
        case .pageDown: return moveRows(by: max(1, pageRows - 1))
        case .home: return moveInRow(toEnd: false)
        case .end: return moveInRow(toEnd: true)
        case .control("a"): return move(to: lineStart(of: cursor))
        case .control("e"): return move(to: lineEnd(of: cursor))
        case .controlLeft: return move(to: wordStart(before: cursor))
        case .controlRight: return move(to: wordEnd(after: cursor))
        case .enter: return insert(["\n"], kind: .other)
        case .character(let character): return insert(Self.sanitized(String(character)), kind: .typing)
        // One past the room is enough to know the paste was cut: the rest
        // of a long paste is never looked at character by character.
        case .paste(let text):
            return insert(Self.sanitized(text, limit: max(0, maximumLength - characters.count) + 1), kind: .other)
        case .backspace:
            guard cursor > 0 else { return .ignored }
            return replace(cursor - 1..<cursor, with: [], kind: .backspace)
        case .delete:
            guard cursor < characters.count else { return .ignored }
            return replace(cursor..<cursor + 1, with: [], kind: .delete)
        case .control("w"):
            let start = wordStart(before: cursor)
            guard start < cursor else { return .ignored }
            return replace(start..<cursor, with: [], kind: .other)
        case .control("k"):
            // The rest of the line, or its newline when the cursor is at its end.
            let end = max(lineEnd(of: cursor), min(cursor + 1, characters.count))
            guard end > cursor else { return .ignored }
            return replace(cursor..<end, with: [], kind: .other)
        case .control("_"), .control("/"): return undo()
        case .control("y"): return redo()
        default: return .ignored
        }
    }

    /// Moves the cursor to the character nearest `column` in `row` of the
    /// layout (a click there): a row past the last is the end of the text,
    /// a column past a row's end is that row's end.
    public mutating func placeCursor(row: Int, column: Int) -> EditOutcome {
        let layout = layout()
        guard row < layout.rows.count else { return move(to: characters.count) }
        return move(to: layout.index(inRow: max(0, row), nearColumn: max(0, column)))
    }

    // MARK: Editing

    private mutating func insert(_ inserted: [Character], kind: TextAreaHistory.Edit.Kind) -> EditOutcome {
        let room = maximumLength - characters.count
        let kept = Array(inserted.prefix(room))
        guard !kept.isEmpty else { return inserted.isEmpty ? .ignored : .truncated }
        // A terminal sends a cluster scalar by scalar (e, then its accent;
        // an emoji, a ZWJ, the next emoji): what joins the character before
        // the cursor becomes one Character with it, so the cursor never
        // stands inside a cluster.
        if cursor > 0 {
            let joined = Array(String(characters[cursor - 1]) + String(kept))
            if joined.count <= kept.count {
                _ = replace(cursor - 1..<cursor, with: joined, kind: .other)
                return kept.count < inserted.count ? .truncated : .edited
            }
        }
        _ = replace(cursor..<cursor, with: kept, kind: kind)
        return kept.count < inserted.count ? .truncated : .edited
    }

    private mutating func replace(_ range: Range<Int>, with inserted: [Character],
                                  kind: TextAreaHistory.Edit.Kind) -> EditOutcome {
        let edit = TextAreaHistory.Edit(kind: kind, location: range.lowerBound, removed: Array(characters[range]),
                                        inserted: inserted, cursorBefore: cursor,
                                        cursorAfter: range.lowerBound + inserted.count)
        apply(range, inserted, cursor: edit.cursorAfter)
        history.record(edit)
        return .edited
    }

    private mutating func apply(_ range: Range<Int>, _ inserted: [Character], cursor newCursor: Int) {
        characters.replaceSubrange(range, with: inserted)
        cursor = newCursor
        goalColumn = nil
        cachedLayout = nil
    }

    /// Undoes the last step; `.ignored` when there is none.
    public mutating func undo() -> EditOutcome {
        guard let edit = history.popUndo() else { return .ignored }
        apply(edit.location..<edit.location + edit.inserted.count, edit.removed, cursor: edit.cursorBefore)
        return .edited
    }

    /// Redoes the last undone step; `.ignored` when there is none.
    public mutating func redo() -> EditOutcome {
        guard let edit = history.popRedo() else { return .ignored }
        apply(edit.location..<edit.location + edit.removed.count, edit.inserted, cursor: edit.cursorAfter)
        return .edited
    }

    /// Text as the area keeps it: line breaks as `\n`, tabs kept, every
    /// other control character (escapes, C1 controls, DEL) dropped.
    static func sanitized(_ text: String, limit: Int = .max) -> [Character] {
        var kept: [Character] = []
        kept.reserveCapacity(min(limit, text.utf8.count))
        for character in text {
            guard kept.count < limit else { break }
            switch character {
            case "\n", "\r", "\r\n": kept.append("\n")
            case "\t": kept.append("\t")
            default:
                let isControl = character.unicodeScalars.contains { $0.properties.generalCategory == .control }
                if !isControl { kept.append(character) }
            }
        }
        return kept
    }

    // MARK: Moves

    private mutating func move(to position: Int) -> EditOutcome {
        let clamped = min(max(0, position), characters.count)
        history.breakRun()
        goalColumn = nil
        guard clamped != cursor else { return .ignored }
        cursor = clamped
        return .moved
    }

    /// Up or Down `step` rows at the goal column (set by the first of a run
    /// of vertical moves, kept through shorter rows); past the first or last
    /// row, to the start or the end of the text.
    private mutating func moveRows(by step: Int) -> EditOutcome {
        let layout = layout()
        let row = layout.row(containing: cursor)
        let goal = goalColumn ?? layout.column(of: cursor)
        let target = row + step
        let position: Int
        if target < 0 {
            position = 0
        } else if target >= layout.rows.count {
            position = characters.count
        } else {
            position = layout.index(inRow: target, nearColumn: goal)
        }
        history.breakRun()
        goalColumn = goal
        guard position != cursor else { return .ignored }
        cursor = position
        return .moved
    }

    private mutating func moveInRow(toEnd: Bool) -> EditOutcome {
        let layout = layout()
        let row = layout.rows[layout.row(containing: cursor)]
        return move(to: toEnd ? layout.lastCursorIndex(in: row) : row.range.lowerBound)
    }

    private func lineStart(of index: Int) -> Int {
        var start = index
        while start > 0, characters[start - 1] != "\n" { start -= 1 }
        return start
    }

    private func lineEnd(of index: Int) -> Int {
        var end = index
        while end < characters.count, characters[end] != "\n" { end += 1 }
        return end
    }

    private static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }

    private func wordStart(before index: Int) -> Int {
        var position = index
        while position > 0, !Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        while position > 0, Self.isWordCharacter(characters[position - 1]) { position -= 1 }
        return position
    }

    private func wordEnd(after index: Int) -> Int {
        var position = index
        while position < characters.count, !Self.isWordCharacter(characters[position]) { position += 1 }
        while position < characters.count, Self.isWordCharacter(characters[position]) { position += 1 }
        return position
    }
}
