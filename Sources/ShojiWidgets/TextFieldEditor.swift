import ShojiCurses

/// The editing model of a single-line text field, shared by form fields and
/// the list filter. Works on Characters, so the cursor never lands inside a
/// grapheme (a combining mark stays with its base, an emoji is one step).
///
/// A field holds at most ``maximumLength`` characters (1,024 unless told;
/// the list filter and the command palette's query keep 256). What would
/// pass it is dropped, and ``notice`` says so until the next key: "pasted
/// text cut to 256 characters" for a paste, "at most 256 characters" for a
/// key typed into a full field.
///
/// A paste (`TerminalKey.paste(_:)`, one event however long)
/// is inserted at the cursor as one edit, on one line: each run of line
/// breaks, tabs and other control characters becomes one space (none at
/// its ends), so no control character reaches the field and the screen.
/// Its cost is bounded by the room left in the field, not by the paste's
/// length: the text past the limit is not even looked at character by
/// character.
public struct TextFieldEditor: Sendable {
    /// The text, one character a cell.
    public private(set) var characters: [Character]
    /// The insertion point, in characters from the start.
    public private(set) var cursor: Int
    /// The most characters the field holds: longer text, typed, pasted or
    /// set, is cut to it.
    public let maximumLength: Int
    /// What the last key could not do, for the field's owner to show on
    /// one line ("pasted text cut to 256 characters"); nil when it did all
    /// it was asked. Cleared by the next key.
    public private(set) var notice: String?
    /// The first character shown; kept between draws so the text does not
    /// jump when the cursor moves inside the visible part.
    private var firstVisible = 0

    /// The limit of a field that was not given one: 1,024 characters.
    public static let defaultMaximumLength = 1_024

    /// What a key did: changed the text, moved the cursor, or nothing.
    public enum FlowOutcome: Equatable, Sendable {
        case edited, moved, ignored
    }

    /// An editor holding `text`, the cursor at its end, with the default
    /// limit (``defaultMaximumLength``).
    public init(text: String = "") {
        self.init(text: text, maximumLength: Self.defaultMaximumLength)
    }

    /// An editor holding `text` (cut to `maximumLength` characters, at
    /// least 1), the cursor at its end.
    public init(text: String = "", maximumLength: Int) {
        self.maximumLength = max(1, maximumLength)
        characters = Array(text.prefix(self.maximumLength))
        cursor = characters.count
    }

    /// The text. Setting it cuts it to ``maximumLength`` characters.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue.prefix(maximumLength))
            cursor = characters.count
            firstVisible = 0
        }
    }

    /// Whether there is no text.
    public var isEmpty: Bool { characters.isEmpty }

    /// The notice for a paste cut to a field of `maximumLength` characters.
    static func pasteCutNotice(maximumLength: Int) -> String {
        "pasted text cut to \(maximumLength) characters"
    }

    /// Applies an editing key: Left/Right, Home/End (and Ctrl-A/Ctrl-E),
    /// Backspace/Delete, Ctrl-U (clear to the start), printable text, and a
    /// paste (on one line: line breaks and other controls become spaces).
    /// Text past ``maximumLength`` is dropped and ``notice`` says so.
    public mutating func handle(_ key: TerminalKey) -> FlowOutcome {
        notice = nil
        switch key {
        case .left: return move(to: cursor - 1)
        case .right: return move(to: cursor + 1)
        case .home, .control("a"): return move(to: 0)
        case .end, .control("e"): return move(to: characters.count)
        case .backspace:
            guard cursor > 0 else { return .ignored }
            characters.remove(at: cursor - 1)
            cursor -= 1
            return .edited
        case .delete:
            guard cursor < characters.count else { return .ignored }
            characters.remove(at: cursor)
            return .edited
        case .control("u"):
            guard cursor > 0 else { return .ignored }
            characters.removeSubrange(0..<cursor)
            cursor = 0
            return .edited
        case .character(let character):
            guard characters.count < maximumLength else {
                notice = "at most \(maximumLength) characters"
                return .ignored
            }
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        case .paste(let text):
            let (pasted, wasCut) = Self.singleLine(text, limit: maximumLength - characters.count)
            if wasCut { notice = Self.pasteCutNotice(maximumLength: maximumLength) }
            guard !pasted.isEmpty else { return .ignored }
            characters.insert(contentsOf: pasted, at: cursor)
            cursor += pasted.count
            return .edited
        default:
            return .ignored
        }
    }

    /// Pasted text as one line: every run of control characters (line
    /// breaks, tabs, escapes) becomes one space, none at either end.
    static func singleLine(_ text: String) -> [Character] {
        singleLine(text, limit: Int.max).line
    }

    /// Pasted text as one line of at most `limit` characters, and whether
    /// text was left out for the limit. Stops at the limit: the rest of a
    /// long paste is scanned only for whether it holds any text at all.
    static func singleLine(_ text: String, limit: Int) -> (line: [Character], wasCut: Bool) {
        var line: [Character] = []
        line.reserveCapacity(min(max(0, limit), text.utf8.count))
        var spaceDue = false
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if isControl(character) {
                spaceDue = !line.isEmpty
            } else {
                let needed = spaceDue ? 2 : 1
                guard line.count + needed <= limit else {
                    let rest = text.unicodeScalars[index...]
                    return (line, rest.contains { $0.properties.generalCategory != .control })
                }
                if spaceDue { line.append(" ") }
                line.append(character)
                spaceDue = false
            }
            index = text.index(after: index)
        }
        return (line, false)
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
    }

    /// Keys a text field owns even when they change nothing (Left at the
    /// start), so they never fall through to back or quit.
    public static func isEditingKey(_ key: TerminalKey) -> Bool {
        switch key {
        case .left, .right, .home, .end, .backspace, .delete, .character, .paste,
             .control("u"), .control("a"), .control("e"):
            return true
        default:
            return false
        }
    }

    private mutating func move(to position: Int) -> FlowOutcome {
        let clamped = min(max(0, position), characters.count)
        guard clamped != cursor else { return .ignored }
        cursor = clamped
        return .moved
    }

    /// What a field `width` columns wide shows, scrolled so the cursor is
    /// visible, with every character replaced by `mask` when set; and the
    /// cursor's column in it. A field without focus shows the start of its
    /// text, and scrolls from there when it gets focus again, so what it
    /// shows never depends on the widths it was drawn at before. Measures
    /// only the characters around what is shown, each once: a draw costs
    /// the field's width, not its length.
    @MainActor public mutating func visible(width: Int, mask: Character? = nil, focused: Bool = true) -> (text: String, cursorColumn: Int) {
        let width = max(1, width)
        func columns(at index: Int) -> Int { DisplayText.width(of: String(mask ?? characters[index])) }
        if !focused { firstVisible = 0 }
        firstVisible = min(firstVisible, cursor)
        if focused {
            // The first character from which the text up to the cursor,
            // and the cursor's cell, fit: walked back from the cursor.
            var start = cursor, used = 1
            while start > firstVisible, used + columns(at: start - 1) <= width {
                start -= 1
                used += columns(at: start)
            }
            firstVisible = start
        }
        // Show more on the left when the text after it does not fill the field.
        var shownColumns = 0, end = firstVisible
        while end < characters.count, shownColumns < width {
            shownColumns += columns(at: end)
            end += 1
        }
        while firstVisible > 0, shownColumns + columns(at: firstVisible - 1) + 1 <= width {
            firstVisible -= 1
            shownColumns += columns(at: firstVisible)
        }
        var cursorColumn = 0
        for index in firstVisible..<cursor { cursorColumn += columns(at: index) }
        let shown = mask.map { String(repeating: $0, count: end - firstVisible) } ?? String(characters[firstVisible..<end])
        let cells = DisplayText.clip(shown, to: width, ellipsis: false)
        var scalars = String.UnicodeScalarView()
        for cell in cells { scalars.append(contentsOf: cell.scalars) }
        return (String(scalars), cursorColumn)
    }
}
