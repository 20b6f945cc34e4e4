/// Text attributes that survive on a monochrome terminal.
public struct TextAttributes: OptionSet, Hashable, Sendable {
    /// The attribute bits.
    public let rawValue: UInt8
    /// Attributes from their bits.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Bold.
    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// Dim.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    /// Reverse video.
    public static let reverse = TextAttributes(rawValue: 1 << 2)
    /// Underlined.
    public static let underline = TextAttributes(rawValue: 1 << 3)
    /// Italic.
    public static let italic = TextAttributes(rawValue: 1 << 4)
}

/// A terminal colour: the 16 ANSI colours, a 256-colour index, or the
/// terminal's own default.
public enum TerminalColor: Hashable, Sendable {
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
    case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan, brightWhite
    /// An xterm 256-colour index; shown as `fallback` on 8/16-colour terminals.
    case indexed(UInt8, fallback: BasicColor)

    /// The eight basic terminal colours.
    public enum BasicColor: Int, Hashable, Sendable {
        case black, red, green, yellow, blue, magenta, cyan, white
    }
}

/// How a run of text looks: attributes always apply, colours only where the
/// terminal has them and the user has not asked for `NO_COLOR`.
public struct Style: Hashable, Sendable {
    /// The text colour.
    public var foreground: TerminalColor
    /// The cell colour.
    public var background: TerminalColor
    /// Bold, reverse and the like, shown whatever the colours.
    public var attributes: TextAttributes

    /// A style; the defaults are the terminal's colours and no attributes.
    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: TextAttributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's colours, no attributes.
    public static let plain = Style()
    /// Bold.
    public static let bold = Style(attributes: .bold)
    /// Reverse video.
    public static let reverse = Style(attributes: .reverse)
    /// Dim.
    public static let dim = Style(attributes: .dim)

    /// This style with `extra` attributes added.
    public func with(_ extra: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(extra)
        return copy
    }
}
