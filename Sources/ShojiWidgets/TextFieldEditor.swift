import ShojiCurses

/// The editing model of a single-line text field, shared by form fields and
/// the list filter. Works on Characters, so the cursor never lands inside a
/// grapheme (a combining mark stays with its base, an emoji is one step).
public struct TextFieldEditor: Sendable {
    /// The text, one character a cell.
    public private(set) var characters: [Character]
    /// The insertion point, in characters from the start.
    public private(set) var cursor: Int
    /// The first character shown; kept between draws so the text does not
    /// jump when the cursor moves inside the visible part.
    private var firstVisible = 0

    /// What a key did: changed the text, moved the cursor, or nothing.
    public enum FlowOutcome: Equatable, Sendable {
        case edited, moved, ignored
    }

    /// An editor holding `text`, the cursor at its end.
    public init(text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text.
    public var text: String {
        get { String(characters) }
        set {
            characters = Array(newValue)
            cursor = characters.count
            firstVisible = 0
        }
    }

    /// Whether there is no text.
    public var isEmpty: Bool { characters.isEmpty }

    /// Applies an editing key: Left/Right, Home/End (and Ctrl-A/Ctrl-E),
    /// Backspace/Delete, Ctrl-U (clear to the start), printable text, and a
    /// paste (on one line: line breaks and other controls become spaces).
    public mutating func handle(_ key: TerminalKey) -> FlowOutcome {
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
            characters.insert(character, at: cursor)
            cursor += 1
            return .edited
        case .paste(let text):
            let pasted = Self.singleLine(text)
            guard !pasted.isEmpty else { return .ignored }
            characters.insert(contentsOf: pasted, at: cursor)
            cursor += pasted.count
            return .edited
        default:
            return .ignored
        }
    }

    /// Pasted text as one line: every run of control characters (line
    /// breaks, tabs, escapes) becomes one space.
    static func singleLine(_ text: String) -> [Character] {
        var line: [Character] = []
        var inControls = false
        for character in text {
            let isControl = character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .control }
            if isControl {
                if !inControls, !line.isEmpty { line.append(" ") }
                inControls = true
            } else {
                line.append(character)
                inControls = false
            }
        }
        while line.last == " " { line.removeLast() }
        return line
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
    /// shows never depends on the widths it was drawn at before.
    @MainActor public mutating func visible(width: Int, mask: Character? = nil, focused: Bool = true) -> (text: String, cursorColumn: Int) {
        let width = max(1, width)
        let shown = mask.map { mask in characters.map { _ in mask } } ?? characters
        let widths = shown.map { DisplayText.width(of: String($0)) }
        func columns(_ range: Range<Int>) -> Int { widths[range].reduce(0, +) }
        if !focused { firstVisible = 0 }
        firstVisible = min(firstVisible, cursor)
        while focused, firstVisible < cursor, columns(firstVisible..<cursor) + 1 > width { firstVisible += 1 }
        while firstVisible > 0, columns((firstVisible - 1)..<shown.count) + 1 <= width { firstVisible -= 1 }
        let cells = DisplayText.clip(String(shown[firstVisible...]), to: width, ellipsis: false)
        var scalars = String.UnicodeScalarView()
        for cell in cells { scalars.append(contentsOf: cell.scalars) }
        return (String(scalars), columns(firstVisible..<cursor))
    }
}
