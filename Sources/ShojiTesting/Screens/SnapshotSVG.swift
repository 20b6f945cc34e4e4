import ShojiAppKit

/// A screen snapshot drawn as an SVG picture: the text in a monospace font
/// on a dark, terminal-like background, with each cell's colours, bold,
/// dim, italic, underline and reverse video, wide characters across two
/// cells. Pictures made this way come from tests, so documentation that
/// shows them can be regenerated instead of going stale (``SnapshotPicture``).
///
/// The output is deterministic (same snapshot, same bytes) and has one
/// element a line, so a picture's diff reads like a screen's.
public enum SnapshotSVG {
    /// Colours and metrics of the picture.
    public struct Theme: Sendable {
        /// The terminal's default background, as `#rrggbb`.
        public var background: String
        /// The terminal's default text colour, as `#rrggbb`.
        public var foreground: String
        /// The 16 ANSI colours (0-7 basic, 8-15 bright), as `#rrggbb`.
        public var ansi: [String]
        /// The CSS font families, first choice first.
        public var fontFamily: String
        /// The font size in pixels.
        public var fontSize: Double
        /// A cell's width in pixels (a monospace advance: about 0.6 em).
        public var cellWidth: Double
        /// A row's height in pixels.
        public var cellHeight: Double
        /// The margin around the cells, in pixels.
        public var padding: Double

        /// A theme from its colours and metrics.
        public init(background: String, foreground: String, ansi: [String], fontFamily: String,
                    fontSize: Double, cellWidth: Double, cellHeight: Double, padding: Double)
        {
            precondition(ansi.count == 16, "a theme names the 16 ANSI colours")
            self.background = background
            self.foreground = foreground
            self.ansi = ansi
            self.fontFamily = fontFamily
            self.fontSize = fontSize
            self.cellWidth = cellWidth
            self.cellHeight = cellHeight
            self.padding = padding
        }

        /// Light grey on near-black, with xterm's ANSI colours softened a little.
        public static let dark = Theme(
            background: "#1c1c1c", foreground: "#d0d0d0",
            ansi: ["#000000", "#cd3131", "#0dbc79", "#e5e510", "#2472c8", "#bc3fbc", "#11a8cd", "#e5e5e5",
                   "#666666", "#f14c4c", "#23d18b", "#f5f543", "#3b8eea", "#d670d6", "#29b8db", "#ffffff"],
            fontFamily: "'DejaVu Sans Mono', Menlo, Consolas, 'Liberation Mono', monospace",
            fontSize: 14, cellWidth: 8.4, cellHeight: 18, padding: 12)

        /// The colour a curses colour number stands for, as `#rrggbb`: -1 is
        /// `fallback` (the default text or background colour), 0-15 the ANSI
        /// colours, 16-231 xterm's 6x6x6 cube, 232-255 its grey ramp.
        public func color(number: Int, fallback: String) -> String {
            switch number {
            case 0..<16: return ansi[number]
            case 16..<232:
                let levels = [0, 95, 135, 175, 215, 255]
                let index = number - 16
                return Self.hex(levels[index / 36], levels[(index / 6) % 6], levels[index % 6])
            case 232..<256:
                let grey = 8 + 10 * (number - 232)
                return Self.hex(grey, grey, grey)
            default: return fallback
            }
        }

        private static func hex(_ red: Int, _ green: Int, _ blue: Int) -> String {
            let digits = Array("0123456789abcdef")
            return "#" + [red, green, blue].map { "\(digits[$0 / 16])\(digits[$0 % 16])" }.joined()
        }
    }

    /// The SVG document for `snapshot`; `title` becomes its accessible name.
    @MainActor
    public static func render(_ snapshot: ScreenSnapshot, title: String = "terminal screen", theme: Theme = .dark) -> String {
        let width = theme.padding * 2 + Double(snapshot.size.width) * theme.cellWidth
        let height = theme.padding * 2 + Double(snapshot.size.height) * theme.cellHeight
        var out: [String] = [
            #"<svg xmlns="http://www.w3.org/2000/svg" width="\#(number(width))" height="\#(number(height))" "#
                + #"viewBox="0 0 \#(number(width)) \#(number(height))" role="img" xml:space="preserve">"#,
            "<title>\(escaped(title))</title>",
            #"<rect width="100%" height="100%" rx="8" fill="\#(theme.background)"/>"#,
            #"<g font-family="\#(escaped(theme.fontFamily))" font-size="\#(number(theme.fontSize))">"#,
        ]
        for (y, row) in snapshot.rows.enumerated() {
            out += rowElements(row, y: y, theme: theme)
        }
        if let cursor = snapshot.cursor {
            out.append(#"<rect x="\#(number(x(cursor.x, theme)))" y="\#(number(top(cursor.y, theme)))" "#
                + #"width="\#(number(theme.cellWidth))" height="\#(number(theme.cellHeight))" fill="\#(theme.foreground)" opacity="0.5"/>"#)
        }
        out += ["</g>", "</svg>"]
        return out.joined(separator: "\n") + "\n"
    }

    /// How one cell looks once reverse video is applied.
    private struct Look: Equatable {
        var foreground: String
        var background: String?
        var bold: Bool
        var dim: Bool
        var italic: Bool
        var underline: Bool

        init(_ cell: SnapshotCell, theme: Theme) {
            var fg = theme.color(number: cell.foreground, fallback: theme.foreground)
            var bg = theme.color(number: cell.background, fallback: theme.background)
            if cell.attributes.contains(.reverse) { swap(&fg, &bg) }
            foreground = fg
            background = bg == theme.background ? nil : bg
            bold = cell.attributes.contains(.bold)
            dim = cell.attributes.contains(.dim)
            italic = cell.attributes.contains(.italic)
            underline = cell.attributes.contains(.underline)
        }
    }

    /// A run of neighbouring cells that look alike; a wide character is a
    /// run of its own, so every glyph starts on its cell.
    private struct Run {
        var look: Look
        var column: Int
        var width = 0
        var text = ""
        var isWide = false
    }

    @MainActor
    private static func rowElements(_ row: [SnapshotCell], y: Int, theme: Theme) -> [String] {
        var runs: [Run] = []
        var column = 0
        for cell in row {
            let look = Look(cell, theme: theme)
            let cellWidth = max(1, DisplayText.width(of: cell.text))
            let isWide = cellWidth > 1
            if var last = runs.last, last.look == look, !isWide, !last.isWide {
                last.width += cellWidth
                last.text += cell.text
                runs[runs.count - 1] = last
            } else {
                runs.append(Run(look: look, column: column, width: cellWidth, text: cell.text, isWide: isWide))
            }
            column += cellWidth
        }
        var backgrounds: [String] = []
        var texts: [String] = []
        for run in runs {
            let left = number(x(run.column, theme))
            let runWidth = number(Double(run.width) * theme.cellWidth)
            if let background = run.look.background {
                backgrounds.append(#"<rect x="\#(left)" y="\#(number(top(y, theme)))" width="\#(runWidth)" "#
                    + #"height="\#(number(theme.cellHeight))" fill="\#(background)"/>"#)
            }
            if run.look.underline {
                backgrounds.append(#"<rect x="\#(left)" y="\#(number(top(y + 1, theme) - 2))" width="\#(runWidth)" "#
                    + #"height="1" fill="\#(run.look.foreground)"/>"#)
            }
            guard run.text.contains(where: { $0 != " " }) else { continue }
            var attributes = #"x="\#(left)" y="\#(number(baseline(y, theme)))" fill="\#(run.look.foreground)""#
            if run.look.bold { attributes += #" font-weight="bold""# }
            if run.look.italic { attributes += #" font-style="italic""# }
            if run.look.dim { attributes += #" opacity="0.6""# }
            // The font's own advance may differ from the cell grid: pin the run's width to its cells.
            attributes += #" textLength="\#(runWidth)" lengthAdjust="spacingAndGlyphs""#
            texts.append("<text \(attributes)>\(escaped(run.text))</text>")
        }
        return backgrounds + texts
    }

    private static func x(_ column: Int, _ theme: Theme) -> Double { theme.padding + Double(column) * theme.cellWidth }
    private static func top(_ row: Int, _ theme: Theme) -> Double { theme.padding + Double(row) * theme.cellHeight }
    private static func baseline(_ row: Int, _ theme: Theme) -> Double {
        // Centre the font's em box (ascent about 0.8 em) in the row.
        top(row, theme) + (theme.cellHeight - theme.fontSize) / 2 + theme.fontSize * 0.8
    }

    /// Text as XML character data or an attribute value. Characters XML 1.0
    /// cannot hold at all (C0 controls, lone surrogates cannot occur in a
    /// String) become U+FFFD; snapshots draw controls as pictures anyway.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let value = scalar.value
                let allowed = value >= 0x20 && value != 0xFFFE && value != 0xFFFF
                out.unicodeScalars.append(allowed ? scalar : "\u{FFFD}")
            }
        }
        return out
    }

    /// A coordinate with at most two decimals and no trailing zeros, the
    /// same on every machine.
    static func number(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100
        let fraction = abs(hundredths % 100)
        if fraction == 0 { return String(whole) }
        let sign = hundredths < 0 && whole == 0 ? "-" : ""
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : String(fraction))
        return "\(sign)\(whole).\(digits)"
    }
}
