import ShojiCurses

/// A titled group of bindings in the help overlay.
public struct HelpSection {
    /// The section's heading, if any.
    public var title: String?
    /// The bindings active now, for the footer and the help overlay.
    public var bindings: [KeyBinding]
    /// A section listing `bindings`.
    public init(_ title: String? = nil, bindings: [KeyBinding]) {
        self.title = title
        self.bindings = bindings
    }
}

/// The `?` overlay: every binding it is given, keys and labels in
/// declaration order, in a bordered box the owner centres above the screen.
/// Scrolls when the list is longer than the box, with `↑ more` and
/// `↓ more` in its edges while lines are hidden above or below.
@MainActor
public final class HelpOverlay: Widget {
    /// The overlay's title.
    public let title: String
    /// The sections, top to bottom; the owner may replace them while the
    /// overlay shows (what the screen below offers changed with a resize).
    public var sections: [HelpSection] { didSet { onNeedsDisplay?() } }
    /// Called when the user closes the overlay: Esc, `?`, Enter or a back
    /// key. Not `q`: that still quits, from help as from any screen.
    public var onClose: (() -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    private var scrollOffset = 0
    private var visibleLines = 10

    /// An overlay of `sections`.
    public init(title: String = "Keys", sections: [HelpSection], theme: Theme? = nil) {
        self.title = title
        self.sections = sections
        self.theme = theme
    }

    /// An overlay of one section of `bindings`.
    public convenience init(title: String = "Keys", bindings: [KeyBinding], theme: Theme? = nil) {
        self.init(title: title, sections: [HelpSection(bindings: bindings)], theme: theme)
    }

    private var keyColumnWidth: Int {
        sections.flatMap(\.bindings).reduce(0) { max($0, DisplayText.width(of: $1.keyNames)) }
    }

    /// One entry per line: section titles and "keys  label" rows.
    private func lines(theme: Theme) -> [[TextRun]] {
        let keyWidth = keyColumnWidth
        var result: [[TextRun]] = []
        for (index, section) in sections.enumerated() {
            if let title = section.title {
                if index > 0 { result.append([]) }
                result.append([TextRun(title, theme.title)])
            }
            for binding in section.bindings {
                result.append([TextRun(DisplayText.pad(binding.keyNames, to: keyWidth), theme.footerKey),
                               TextRun("  " + binding.label, theme.normal)])
            }
        }
        return result
    }

    /// Big enough for every line when `available` allows, else all of it.
    public func preferredSize(in available: CellSize) -> CellSize {
        let all = lines(theme: .standard)
        let contentWidth = all.reduce(DisplayText.width(of: title) + 2) { widest, line in
            max(widest, line.reduce(0) { $0 + DisplayText.width(of: $1.text) })
        }
        return CellSize(width: min(available.width, contentWidth + 4), height: min(available.height, all.count + 2))
    }

    /// The bindings active now, for the footer and the help overlay (made once).
    public var bindings: [KeyBinding] { ownBindings }
    private lazy var ownBindings = KeyBinding.motions { [weak self] in self?.scroll($0) } + [
        KeyBinding([.escape, .character("?"), .enter, .backspace, .left, .character("h")], "close") { [weak self] in self?.onClose?() },
    ]

    private func scroll(_ motion: Motion) {
        let lineCount = lines(theme: .standard).count
        scrollOffset = motion.target(from: scrollOffset, count: max(1, lineCount - visibleLines + 1), page: visibleLines)
        onNeedsDisplay?()
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        canvas.box(canvas.bounds, style: theme.border, title: title, titleStyle: theme.title)
        let inner = canvas.subcanvas(canvas.bounds.insetBy(dx: 2, dy: 1))
        let all = lines(theme: theme)
        visibleLines = max(1, inner.size.height)
        scrollOffset = min(scrollOffset, max(0, all.count - visibleLines))
        for (row, line) in all.dropFirst(scrollOffset).prefix(visibleLines).enumerated() {
            inner.draw(line, at: CellPoint(x: 0, y: row))
        }
        // What the box cannot show is marked in its edges, so a long list
        // reads as scrollable; the box's width never depends on the scroll.
        let bounds = canvas.bounds
        if scrollOffset > 0 { drawMark(Self.moreAbove, on: canvas, row: 0, theme: theme) }
        if scrollOffset + visibleLines < all.count {
            drawMark(Self.moreBelow, on: canvas, row: bounds.maxY - 1, theme: theme)
        }
    }

    /// Set into the top edge while lines are hidden above.
    static let moreAbove = " ↑ more "
    /// Set into the bottom edge while lines are hidden below.
    static let moreBelow = " ↓ more "

    /// `mark` at the right of an edge, one line from the corner; in the top
    /// edge only where it clears the title (`┌─ Keys ─`).
    private func drawMark(_ mark: String, on canvas: Canvas, row: Int, theme: Theme) {
        let x = canvas.size.width - DisplayText.width(of: mark) - 2
        let clear = row == 0 ? 2 + DisplayText.width(of: " \(title) ") : 1
        guard x >= clear else { return }
        canvas.text(mark, at: CellPoint(x: x, y: row), style: theme.secondary)
    }
}
