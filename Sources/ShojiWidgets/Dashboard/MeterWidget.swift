import ShojiCurses

/// One line: a label, a bar filling the rest and a value text, as htop's
/// meters (`CPU1 [||||||||        42.0%]`). Passive: it draws what it is
/// given; the caller formats the text.
///
/// The bar shows `value` (0...1, clamped) in the style `levels` gives it,
/// or, when `segments` is not empty, each segment in its own style, one
/// after another (used, buffers, cache). A value that is not a number
/// draws an empty bar and `–`.
///
/// A change that draws the same cells asks for nothing; any other asks for
/// the meter's row alone (`onNeedsDisplayInRows`), so a header of meters
/// refreshed every second redraws only the meters that moved.
@MainActor
public final class MeterWidget: Widget {
    /// How the bar is drawn.
    public enum Look: Hashable, Sendable {
        /// htop's: `[|||||   42.0%]`, the text inside the bar's right end.
        case bars
        /// `█████░░░░ 42.0%` (`#####---- 42.0%` without UTF-8), the text after the bar.
        case blocks
    }

    /// The name at the left (`CPU1`, `Mem`).
    public var label: String { didSet { changed() } }
    /// The columns the label takes (padded or cut), so meters stacked in a
    /// column line their bars up; nil takes the label's own width.
    public var labelWidth: Int? { didSet { changed() } }
    /// How full the bar is, 0...1; NaN draws an empty bar and `–`.
    /// Ignored while `segments` is not empty.
    public var value: Double { didSet { changed() } }
    /// Parts of the bar in styles of their own; empty draws `value`.
    public var segments: [MeterSegment] { didSet { changed() } }
    /// The value as the caller writes it (`42.0%`, `3.1G/15.6G`).
    public var text: String { didSet { changed() } }
    /// The bar's style by value (for `value`, not for `segments`).
    public var levels: MeterLevels { didSet { changed() } }
    /// How the bar is drawn.
    public var look: Look { didSet { changed() } }
    /// The theme it draws with; nil uses the default. A new one draws
    /// everything again.
    public var theme: Theme? {
        didSet {
            drawn = nil
            onNeedsDisplay?()
        }
    }
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the meter's row (panel coordinates)
    /// when a change draws other cells.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?

    /// What the last draw put on screen: where, at what width and theme, and the line.
    private var drawn: (top: Int, width: Int, theme: Theme, line: MeterLine)?
    private var isBatching = false

    /// A meter of `value` (0...1) labelled `label`, showing `text`.
    public init(label: String, value: Double = 0, text: String = "", segments: [MeterSegment] = [],
                labelWidth: Int? = nil, levels: MeterLevels = .standard, look: Look = .bars, theme: Theme? = nil)
    {
        self.label = label
        self.value = value
        self.text = text
        self.segments = segments
        self.labelWidth = labelWidth
        self.levels = levels
        self.look = look
        self.theme = theme
    }

    /// Sets the value and its text at once: one check, at most one row redrawn.
    public func show(value: Double, text: String) {
        batch {
            self.value = value
            self.text = text
        }
    }

    /// Sets the segments and the text at once: one check, at most one row redrawn.
    public func show(segments: [MeterSegment], text: String) {
        batch {
            self.segments = segments
            self.text = text
        }
    }

    /// Draws the line on the first row of `canvas`.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let line = line(width: canvas.size.width, theme: theme)
        drawn = (canvas.originInPanel.y, canvas.size.width, theme, line)
        guard canvas.size.height > 0, canvas.needsDrawing(row: 0) else { return }
        canvas.draw(line.runs, at: .zero)
    }

    /// The line for `width` columns.
    func line(width: Int, theme: Theme) -> MeterLine {
        MeterLine(label: label, labelWidth: labelWidth, segments: shownSegments, text: shownText, look: look,
                  width: width, theme: theme)
    }

    /// The segments drawn: the caller's, or `value` as one in its level's style.
    private var shownSegments: [MeterSegment] {
        if !segments.isEmpty { return segments }
        guard !value.isNaN else { return [] }
        let clamped = min(1, max(0, value))
        return [MeterSegment(clamped, levels.style(for: clamped))]
    }

    private var shownText: String {
        segments.isEmpty && value.isNaN ? (DisplayText.asciiOnly ? "-" : "–") : text
    }

    private func batch(_ changes: () -> Void) {
        isBatching = true
        changes()
        isBatching = false
        changed()
    }

    /// Asks for the row when its cells differ from what is on screen.
    private func changed() {
        guard !isBatching else { return }
        guard let drawn, let onNeedsDisplayInRows else {
            onNeedsDisplay?()
            return
        }
        let line = line(width: drawn.width, theme: drawn.theme)
        guard line != drawn.line else { return }
        self.drawn?.line = line
        onNeedsDisplayInRows([drawn.top])
    }
}
