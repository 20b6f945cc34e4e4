import ShojiCurses
import ShojiNavigation

/// One widget taller than its pane, shown a window at a time: a form in a
/// small sheet whose errors push its buttons below the edge.
///
/// The child is drawn on a page as tall as it says it is
/// (``Widget/measuredHeight(forWidth:)``), of which the pane shows the rows
/// from ``scrollOffset``. When the page is taller than the pane, the last
/// column shows ▲ and ▼ where there is more above and below (`^` and `v`
/// without UTF-8). The wheel and PgUp/PgDn scroll, Up/Down and `k`/`j` by
/// a row (after the child, which sees every key first: a form's Up moves
/// its focus, and `j` is text while the child edits text); when the
/// child's focused rows change (Tab to the next field of a form,
/// ``Widget/focusedRows(forWidth:)``) they are
/// scrolled into sight, so every field and button stays reachable from the
/// keyboard. A child that does not measure itself fills the pane and never
/// scrolls.
@MainActor
public final class ScrollWidget: Widget {
    /// The widget shown.
    public let content: any Widget
    /// The first row of the child shown at the pane's top.
    public private(set) var scrollOffset = 0
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: the child's row damage, kept to the rows in view.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme the scroll marks draw with; nil uses the default.
    public var theme: Theme?
    /// Rows scrolled by one wheel step.
    public var wheelStep = 3

    /// The last draw: the pane's height, the page's, the child's width and
    /// where the pane's top was in the panel.
    private var drawn: (view: Int, page: Int, width: Int, top: Int)?
    /// The child's focused rows last kept in sight.
    private var followedFocus: Range<Int>?

    /// A scroll view of `content`.
    public init(_ content: any Widget) {
        self.content = content
        content.onNeedsDisplay = { [weak self] in self?.onNeedsDisplay?() }
        content.onNeedsDisplayInRows = { [weak self] rows in self?.childNeedsDisplay(rows: rows) }
    }

    /// Whether the page was taller than the pane at the last draw.
    public var canScroll: Bool {
        guard let drawn else { return false }
        return drawn.page > drawn.view
    }

    // MARK: Drawing

    /// Draws the rows of the child in view, and the scroll marks when it scrolls.
    public func draw(_ canvas: inout Canvas) {
        let view = canvas.size.height
        var width = canvas.size.width
        var page = content.measuredHeight(forWidth: width) ?? view
        if page > view {
            width = max(1, canvas.size.width - 1)  // the marks' column
            page = content.measuredHeight(forWidth: width) ?? view
        }
        page = max(page, view)
        if let focus = content.focusedRows(forWidth: width), focus != followedFocus {
            followedFocus = focus
            reveal(focus, view: view)
        }
        scrollOffset = min(max(0, scrollOffset), page - view)
        drawn = (view, page, width, canvas.originInPanel.y)
        var child = canvas.subcanvas(CellRect(x: 0, y: 0, width: width, height: view))
            .page(height: page, scrolledBy: scrollOffset)
        content.draw(&child)
        guard page > view, width < canvas.size.width else { return }
        let style = Theme.resolve(theme, for: canvas).secondary
        let ascii = DisplayText.asciiOnly
        if scrollOffset > 0 { canvas.text(ascii ? "^" : "▲", at: CellPoint(x: width, y: 0), style: style) }
        if scrollOffset + view < page {
            canvas.text(ascii ? "v" : "▼", at: CellPoint(x: width, y: view - 1), style: style)
        }
    }

    /// Scrolls the least that brings `rows` into a pane of `view` rows (their
    /// top, when they are taller than it).
    private func reveal(_ rows: Range<Int>, view: Int) {
        if rows.upperBound > scrollOffset + view { scrollOffset = rows.upperBound - view }
        if rows.lowerBound < scrollOffset { scrollOffset = rows.lowerBound }
    }

    /// Scrolls by `rows` (negative: up), within the page.
    public func scroll(by rows: Int) {
        guard let drawn else { return }
        let target = min(max(0, scrollOffset + rows), max(0, drawn.page - drawn.view))
        guard target != scrollOffset else { return }
        scrollOffset = target
        onNeedsDisplay?()
    }

    /// The child's row damage, in panel coordinates already (its page
    /// canvas knows where it is), kept to the pane's rows in view.
    private func childNeedsDisplay(rows: [Int]) {
        guard let drawn, let onNeedsDisplayInRows else {
            onNeedsDisplay?()
            return
        }
        let shown = drawn.top..<(drawn.top + drawn.view)
        onNeedsDisplayInRows(rows.filter(shown.contains))
    }

    // MARK: Keys

    /// The child's bindings, then, while the page scrolls, PgUp/PgDn and
    /// Up/Down (with `k`/`j` unless the child is editing text).
    public var bindings: [KeyBinding] {
        guard canScroll else { return content.bindings }
        return content.bindings + pageBindings + (content.isEditingText ? arrowLineBindings : lineBindings)
    }

    private lazy var pageBindings = [
        KeyBinding([.pageUp], "scroll up", footer: false) { [weak self] in self?.scrollPage(-1) },
        KeyBinding([.pageDown], "scroll down", footer: false) { [weak self] in self?.scrollPage(1) },
    ]

    private lazy var lineBindings = [
        KeyBinding([.up, .character("k")], "row up", footer: false) { [weak self] in self?.scroll(by: -1) },
        KeyBinding([.down, .character("j")], "row down", footer: false) { [weak self] in self?.scroll(by: 1) },
    ]

    /// `lineBindings` with the arrows only: `k` and `j` are text then.
    private lazy var arrowLineBindings = lineBindings.compactMap { binding in
        binding.keeping { key in
            if case .character = key { return false }
            return true
        }
    }

    private func scrollPage(_ direction: Int) {
        scroll(by: direction * max(1, (drawn?.view ?? 1) - 1))
    }

    /// Every key to the child first; then PgUp/PgDn. A mouse event reaches
    /// the child in its page's coordinates; the wheel the child does not
    /// take scrolls.
    public func handle(_ key: TerminalKey) -> Bool {
        guard case .mouse(let event) = key else { return content.handle(key) || bindings.dispatch(key) }
        if let drawn, event.position.x < drawn.width,
           content.handle(.mouse(event.relative(to: CellPoint(x: 0, y: -scrollOffset)))) {
            return true
        }
        switch event.action {
        case .wheelUp where canScroll: scroll(by: -wheelStep)
        case .wheelDown where canScroll: scroll(by: wheelStep)
        default: return false
        }
        return true
    }

    // MARK: The child's

    /// The child's text field.
    public var isEditingText: Bool { content.isEditingText }

    /// The child's cursor, moved by the scroll; nil when out of view.
    public var cursorPosition: CellPoint? {
        guard let cursor = content.cursorPosition, let drawn else { return nil }
        let point = CellPoint(x: cursor.x, y: cursor.y - scrollOffset)
        return point.y >= 0 && point.y < drawn.view && point.x < drawn.width ? point : nil
    }

    /// The child's.
    public func setFocused(_ focused: Bool) { content.setFocused(focused) }

    /// The child's: back inside it first (a pane's stack).
    public var canGoBack: Bool { content.canGoBack }

    /// Goes back inside the child.
    public func goBack() -> BackOutcome { content.goBack() }

    /// The child's.
    public var routeComponents: [String] { content.routeComponents }

    /// The child's whole height: a sheet sizes itself from it.
    public func measuredHeight(forWidth width: Int) -> Int? { content.measuredHeight(forWidth: width) }
}
