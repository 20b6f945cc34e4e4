import ShojiCurses

/// A tool's coloured output (`git diff --color`, `ls --color`) as styled
/// runs: each SGR sequence (`ESC [ … m`) sets the style of the text after
/// it, and is not shown. Every other control sequence (a cursor move, a
/// screen clear, an OSC title) is kept as text, so it is drawn visibly with
/// its `ESC` as `␛`, as any control character is (`DisplayText`), and never
/// reaches the terminal. Tabs are expanded to the next tab stop.
///
/// Understood: 0 (reset) and an empty list, 1 bold, 2 dim, 3 italic, 4
/// underline, 7 reverse and their resets (22, 23, 24, 27); foregrounds
/// 30-37, 90-97, `38;5;n`, `38;2;r;g;b` (to the nearest of the 256) and 39;
/// the same backgrounds (40-47, 100-107, `48;…`, 49). Others are skipped.
@MainActor
enum SGRText {
    /// The runs of `line` (one line, no line break) over `base`, the style
    /// a reset returns to; the runs' text joined is the text as shown.
    static func runs(_ line: String, base: Style) -> [TextRun] {
        let bytes = Array(line.utf8)
        guard bytes.contains(0x1B) || bytes.contains(0x09) else { return [TextRun(line, base)] }
        var runs: [TextRun] = []
        var style = base
        var pending: [UInt8] = []
        var index = 0
        func flush() {
            guard !pending.isEmpty else { return }
            runs.append(TextRun(String(decoding: pending, as: UTF8.self), style))
            pending.removeAll(keepingCapacity: true)
        }
        while index < bytes.count {
            if bytes[index] == 0x1B, let sequence = sgr(in: bytes, at: index) {
                let next = apply(sequence.parameters, to: style, base: base)
                if next != style {
                    flush()
                    style = next
                }
                index = sequence.end
            } else {
                pending.append(bytes[index])
                index += 1
            }
        }
        flush()
        return expandingTabs(runs)
    }

    /// The text `line` shows: its SGR sequences removed, tabs expanded.
    static func plain(_ line: String) -> String {
        runs(line, base: .plain).map(\.text).joined()
    }

    /// The parameters of the SGR sequence starting at `start` (an `ESC`)
    /// and the index after it; nil when no SGR sequence starts there.
    private static func sgr(in bytes: [UInt8], at start: Int) -> (parameters: [Int?], end: Int)? {
        guard start + 1 < bytes.count, bytes[start + 1] == 0x5B else { return nil }  // "["
        var parameters: [Int?] = []
        var current: Int?
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x30...0x39:
                // Capped: a run of digits cannot overflow.
                current = min(99_999, (current ?? 0) * 10 + Int(byte - 0x30))
            case 0x3B, 0x3A:  // ";" and ":" (`38:5:n`)
                parameters.append(current)
                current = nil
            case 0x6D:  // "m"
                parameters.append(current)
                return (parameters, index + 1)
            default:
                return nil  // another sequence: kept as text
            }
            index += 1
        }
        return nil
    }

    /// `style` after the SGR `parameters`.
    private static func apply(_ parameters: [Int?], to style: Style, base: Style) -> Style {
        var style = style
        var index = 0
        while index < parameters.count {
            let code = parameters[index] ?? 0
            index += 1
            switch code {
            case 0: style = base
            case 1: style.attributes.insert(.bold)
            case 2: style.attributes.insert(.dim)
            case 3: style.attributes.insert(.italic)
            case 4: style.attributes.insert(.underline)
            case 7: style.attributes.insert(.reverse)
            case 22: style.attributes.subtract([.bold, .dim])
            case 23: style.attributes.remove(.italic)
            case 24: style.attributes.remove(.underline)
            case 27: style.attributes.remove(.reverse)
            case 30...37: style.foreground = basic(code - 30, bright: false)
            case 90...97: style.foreground = basic(code - 90, bright: true)
            case 39: style.foreground = base.foreground
            case 40...47: style.background = basic(code - 40, bright: false)
            case 100...107: style.background = basic(code - 100, bright: true)
            case 49: style.background = base.background
            case 38, 48:
                let (color, used) = extended(parameters, from: index)
                index += used
                if let color {
                    if code == 38 { style.foreground = color } else { style.background = color }
                }
            default: break
            }
        }
        return style
    }

    /// The colour of `5;n` or `2;r;g;b` at `index`, and how many
    /// parameters it took.
    private static func extended(_ parameters: [Int?], from index: Int) -> (TerminalColor?, Int) {
        guard index < parameters.count else { return (nil, 0) }
        let value = { (offset: Int) -> Int in
            index + offset < parameters.count ? min(255, parameters[index + offset] ?? 0) : 0
        }
        switch parameters[index] {
        case 5?: return (indexed(value(1)), min(2, parameters.count - index))
        case 2?:
            let cube = { (level: Int) in (level * 5 + 127) / 255 }
            let number = 16 + 36 * cube(value(1)) + 6 * cube(value(2)) + cube(value(3))
            return (indexed(number), min(4, parameters.count - index))
        default: return (nil, 1)
        }
    }

    private static let basics: [TerminalColor] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
    private static let brights: [TerminalColor] = [.brightBlack, .brightRed, .brightGreen, .brightYellow,
                                                   .brightBlue, .brightMagenta, .brightCyan, .brightWhite]

    private static func basic(_ number: Int, bright: Bool) -> TerminalColor {
        bright ? brights[number] : basics[number]
    }

    /// Colour `number` of xterm's 256: the sixteen as themselves, the rest
    /// indexed, with the nearest basic colour for terminals of 8 or 16.
    private static func indexed(_ number: Int) -> TerminalColor {
        if number < 8 { return basics[number] }
        if number < 16 { return brights[number - 8] }
        return .indexed(UInt8(number), fallback: fallback(of: number))
    }

    /// The basic colour nearest colour `number` (16-255): by which of red,
    /// green and blue are at least half on (grey by its lightness).
    private static func fallback(of number: Int) -> TerminalColor.BasicColor {
        if number >= 232 { return number >= 244 ? .white : .black }
        let cube = number - 16
        let red = cube / 36 >= 3 ? 1 : 0, green = (cube / 6) % 6 >= 3 ? 2 : 0, blue = cube % 6 >= 3 ? 4 : 0
        return TerminalColor.BasicColor(rawValue: red + green + blue) ?? .white
    }

    /// `runs` with every tab replaced by the spaces that reach the next
    /// tab stop, counted in columns across the runs.
    private static func expandingTabs(_ runs: [TextRun]) -> [TextRun] {
        guard runs.contains(where: { $0.text.utf8.contains(0x09) }) else { return runs }
        var column = 0
        return runs.map { run in
            var text = ""
            for character in run.text {
                if character == "\t" {
                    let spaces = DisplayText.tabWidth(at: column)
                    text += String(repeating: " ", count: spaces)
                    column += spaces
                } else {
                    text.append(character)
                    column += character.isASCII ? 1 : DisplayText.width(of: String(character))
                }
            }
            return TextRun(text, run.style)
        }
    }
}
