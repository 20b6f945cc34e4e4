import CShojiCurses

/// How many colours the screen uses.
public enum ColorDepth: Int, Comparable, Sendable {
    case monochrome = 0, basic8 = 8, basic16 = 16, palette256 = 256
    /// Fewer colours sort first.
    public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Turns `Style`s into curses attributes, allocating colour pairs on demand.
/// On a monochrome screen (or with `NO_COLOR`) colours are dropped and only
/// attributes remain, so themes must carry meaning in attributes too.
@MainActor
public final class ColorPalette {
    /// How many colours the screen uses.
    public let depth: ColorDepth
    private var pairs: [PairKey: Int16] = [:]
    private let maximumPairs: Int

    private struct PairKey: Hashable { let foreground: Int16; let background: Int16 }

    /// Decides the depth for the current curses screen and starts colours.
    init(colorsAllowed: Bool) {
        guard colorsAllowed, has_colors() else {
            depth = .monochrome
            maximumPairs = 0
            return
        }
        start_color()
        use_default_colors()
        let colors = cn_colors()
        depth = colors >= 256 ? .palette256 : colors >= 16 ? .basic16 : colors >= 8 ? .basic8 : .monochrome
        maximumPairs = Int(min(cn_color_pairs(), 32767))
    }

    /// Whether `NO_COLOR` (https://no-color.org) asks for no colour: set and not empty.
    public nonisolated static func noColorRequested(environment: [String: String]) -> Bool {
        guard let value = environment["NO_COLOR"] else { return false }
        return !value.isEmpty
    }

    /// The curses attribute bits and colour pair for `style`.
    func resolve(_ style: Style) -> (attributes: attr_t, pair: Int16) {
        var bits = cn_a_normal()
        let a = style.attributes
        if a.contains(.bold) { bits |= cn_a_bold() }
        if a.contains(.dim) { bits |= cn_a_dim() }
        if a.contains(.reverse) { bits |= cn_a_reverse() }
        if a.contains(.underline) { bits |= cn_a_underline() }
        if a.contains(.italic) { bits |= cn_a_italic() }
        guard depth != .monochrome, style.foreground != .default || style.background != .default else {
            return (bits, 0)
        }
        let key = PairKey(foreground: number(style.foreground), background: number(style.background))
        if let pair = pairs[key] { return (bits, pair) }
        guard pairs.count + 1 < maximumPairs else { return (bits, 0) }
        let pair = Int16(pairs.count + 1)
        init_pair(pair, key.foreground, key.background)
        pairs[key] = pair
        return (bits, pair)
    }

    /// The curses colour number for `color` at this depth (-1 is the default).
    private func number(_ color: TerminalColor) -> Int16 {
        switch color {
        case .default: return -1
        case .black: return 0
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .brightBlack, .brightRed, .brightGreen, .brightYellow,
             .brightBlue, .brightMagenta, .brightCyan, .brightWhite:
            let base = brightBase(color)
            return depth >= .basic16 ? base + 8 : base
        case .indexed(let index, let fallback):
            return depth == .palette256 ? Int16(index) : Int16(fallback.rawValue)
        }
    }

    private func brightBase(_ color: TerminalColor) -> Int16 {
        switch color {
        case .brightBlack: return 0
        case .brightRed: return 1
        case .brightGreen: return 2
        case .brightYellow: return 3
        case .brightBlue: return 4
        case .brightMagenta: return 5
        case .brightCyan: return 6
        default: return 7
        }
    }
}
