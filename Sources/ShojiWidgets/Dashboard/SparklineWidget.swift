import ShojiCurses

/// A history graph: the newest values of a series, the newest at the right
/// edge, in braille (two samples a cell, four levels a row) or block
/// characters (eight levels a row), and in ASCII (`.-=#`) when the locale
/// is not UTF-8. Passive: the caller appends samples as they come.
///
/// It keeps at most twice its graph's width of samples (the most a braille
/// graph shows; 512 until it is first drawn). Values are scaled to
/// `maximum`, or to the largest value shown when it is nil. An optional
/// label takes the left of the first row, the graph the columns after it.
///
/// Appending asks for the rows whose cells changed (`onNeedsDisplayInRows`),
/// found by comparing one buffer of cells with the last, not text.
@MainActor
public final class SparklineWidget: Widget {
    /// How the samples are drawn where the locale is UTF-8 (ASCII otherwise).
    public enum Look: Hashable, Sendable {
        /// Braille dots: two samples a cell, four levels a row.
        case braille
        /// Block elements `▁▂▃▄▅▆▇█`: a sample a cell, eight levels a row.
        case blocks
    }

    /// The name on the first row's left; empty draws none.
    public var label: String { didSet { redrawAll() } }
    /// The value that fills the graph's height; nil scales to the largest
    /// value shown.
    public var maximum: Double? { didSet { changed() } }
    /// How the samples are drawn.
    public var look: Look { didSet { changed() } }
    /// The graph's style; nil uses the theme's `title` colour without its attributes.
    public var style: Style? { didSet { redrawAll() } }
    /// The theme it draws with; nil uses the default.
    public var theme: Theme? { didSet { redrawAll() } }
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the rows (panel coordinates) whose
    /// cells a new sample changed.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?

    private var ring: SampleRing
    /// What the last draw put on screen: its top row in the panel, where
    /// the graph starts, and the cells.
    private var drawn: (top: Int, graphX: Int, grid: SparklineGrid)?

    /// The samples kept before the first draw tells the width.
    static let initialCapacity = 512
    /// The most columns the label takes, as a share of the width.
    static let maximumLabelShare = 3

    /// An empty graph.
    public init(label: String = "", maximum: Double? = nil, look: Look = .braille, style: Style? = nil,
                theme: Theme? = nil)
    {
        self.label = label
        self.maximum = maximum
        self.look = look
        self.style = style
        self.theme = theme
        ring = SampleRing(capacity: Self.initialCapacity)
    }

    /// The samples kept, oldest first. Setting replaces them (the newest
    /// kept when there are more than `capacity`).
    public var values: [Double] {
        get { ring.values }
        set {
            ring.removeAll()
            for value in newValue.suffix(ring.capacity) { ring.append(value) }
            changed()
        }
    }

    /// The most samples kept: twice the graph's width once drawn.
    public var capacity: Int { ring.capacity }

    /// Adds `value` as the newest sample, dropping the oldest past `capacity`.
    public func append(_ value: Double) {
        ring.append(value)
        changed()
    }

    /// Adds `values` in order: one check of what changed on screen.
    public func append(contentsOf values: some Sequence<Double>) {
        for value in values { ring.append(value) }
        changed()
    }

    /// Draws the label and the graph into `canvas`.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let graphX = labelColumns(width: canvas.size.width)
        let graphWidth = canvas.size.width - graphX
        ring.setCapacity(max(2, graphWidth * 2))
        let grid = SparklineGrid(ring, width: graphWidth, height: canvas.size.height, maximum: maximum,
                                 glyphs: glyphs)
        drawn = (canvas.originInPanel.y, graphX, grid)
        if graphX > 0 {
            canvas.text(label, at: .zero, style: theme.secondary, width: graphX - 1)
        }
        let graphStyle = style ?? Style(foreground: theme.title.foreground)
        for row in 0..<grid.height where canvas.needsDrawing(row: row) {
            canvas.text(grid.text(ofRow: row), at: CellPoint(x: graphX, y: row), style: graphStyle, ellipsis: false)
        }
    }

    /// The columns the label and a space take at `width`.
    private func labelColumns(width: Int) -> Int {
        guard !label.isEmpty else { return 0 }
        return min(DisplayText.width(of: label) + 1, width / Self.maximumLabelShare)
    }

    private var glyphs: SparklineGrid.Glyphs {
        DisplayText.asciiOnly ? .ascii : (look == .braille ? .braille : .blocks)
    }

    /// Asks for the rows whose cells differ from what is on screen.
    private func changed() {
        guard let drawn, let onNeedsDisplayInRows else {
            onNeedsDisplay?()
            return
        }
        let grid = SparklineGrid(ring, width: drawn.grid.width, height: drawn.grid.height, maximum: maximum,
                                 glyphs: glyphs)
        let rows = (0..<grid.height).filter { !grid.sameRow($0, as: drawn.grid) }
        self.drawn?.grid = grid
        if !rows.isEmpty { onNeedsDisplayInRows(rows.map { drawn.top + $0 }) }
    }

    private func redrawAll() {
        drawn = nil
        onNeedsDisplay?()
    }
}
