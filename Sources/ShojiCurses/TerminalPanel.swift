import CShojiCurses

/// A curses window in the panel library's z-order. Its owner says where it
/// goes (`layout`, asked again on every resize) and what it shows (`draw`,
/// called at the next render after `setNeedsDisplay()`). A change that
/// touches only a few rows (a list's selection moving) asks for those with
/// `setNeedsDisplay(rows:)`: only they are erased and drawn again.
@MainActor
public final class TerminalPanel {
    /// Where the panel is on the screen, as its layout last said.
    public private(set) var frame: CellRect
    /// Where the panel goes for a given screen size.
    public var layout: (CellSize) -> CellRect {
        didSet { applyLayout(screenSize: screen.size) }
    }
    /// Draws the panel's contents; the canvas starts erased.
    public var draw: ((inout Canvas) -> Void)? {
        didSet { setNeedsDisplay() }
    }
    /// Where the text cursor shows when this is the topmost panel with one.
    public var cursor: CellPoint? {
        didSet { if cursor != oldValue, !isDrawing { screen.setNeedsRender() } }
    }
    /// Asked right after each `draw`; its answer becomes `cursor` in that same
    /// render. For owners that only know where the cursor goes once they have
    /// drawn (a text field that scrolls to keep it in view): copying it
    /// before drawing would show it where it was one draw ago.
    public var cursorAfterDraw: (() -> CellPoint?)? {
        didSet { setNeedsDisplay() }
    }
    /// Whether the panel is hidden (kept, not drawn).
    public var isHidden: Bool = false {
        didSet { if isHidden != oldValue { applyVisibility() } }
    }
    /// Whether the next render draws it whole.
    public private(set) var needsDisplay = true
    /// The rows the next render draws again, when it does not draw the
    /// whole panel; nil when none.
    private var damage: DamagedRows?
    /// How many draws so far repainted the whole panel, and how many only
    /// some rows: for tests that check a change redraws no more than it must.
    private(set) var drawCounts = (full: 0, partial: 0)
    /// The panel rows the last partial draw repainted (empty after a full one).
    private(set) var lastDrawnRows: [Int] = []
    /// True inside `drawIfNeeded()`: the render in progress places the cursor.
    private var isDrawing = false

    /// Strong: a panel outliving its owner's last use of the screen must
    /// still be able to remove itself from it.
    let screen: TerminalScreen
    let window: WindowPointer
    /// Clusters curses cannot hold, written after each frame.
    let overlays = ClusterOverlays()
    let panelPointer: PanelPointer

    init(screen: TerminalScreen, frame: CellRect, layout: @escaping (CellSize) -> CellRect) {
        self.screen = screen
        self.layout = layout
        let placed = TerminalPanel.placeable(frame, in: screen.size)
        self.frame = placed
        guard let window = newwin(Int32(max(1, placed.height)), Int32(max(1, placed.width)),
                                  Int32(placed.y), Int32(placed.x)),
              let panelPointer = new_panel(window)
        else { fatalError("curses could not allocate a \(placed.size) window") }
        self.window = window
        self.panelPointer = panelPointer
        applyVisibility()
    }

    isolated deinit {
        // The panel library keeps its stack per screen and works on the
        // current one: another screen may be current now, or none (a
        // headless screen freed last leaves none).
        screen.activate()
        del_panel(panelPointer)
        delwin(window)
        screen.setNeedsRender()
    }

    /// Asks for the panel to be drawn at the next render.
    public func setNeedsDisplay() {
        needsDisplay = true
        damage = nil
        screen.setNeedsRender()
    }

    /// Asks for `rows` (panel coordinates, from 0 at its top) to be drawn
    /// again at the next render, and nothing else: each is erased, then
    /// `draw` runs on a canvas that draws only there. The caller promises
    /// that no other cell of the panel would change; when in doubt, call
    /// `setNeedsDisplay()`. Rows outside the panel are ignored; after a
    /// `setNeedsDisplay()` not yet rendered this adds nothing.
    @inlinable
    public func setNeedsDisplay(rows: some Sequence<Int>) {
        // Specialised in the caller's module: unspecialised, iterating an
        // array asked the runtime for its iterator's type, whose first
        // lookup scans every conformance record of a static binary, on the
        // path to the catalog's first frame (Benchmarks/HISTORY.md, "The
        // conformance scans").
        markNeedsDisplay(rows: Array(rows))
    }

    /// `setNeedsDisplay(rows:)` on an array.
    @usableFromInline
    func markNeedsDisplay(rows: [Int]) {
        guard !needsDisplay else { return }
        var marked = damage ?? DamagedRows(height: frame.height)
        for row in rows { marked.insert(row) }
        guard marked.count > 0 else { return }
        damage = marked
        screen.setNeedsRender()
    }

    /// Puts the panel above all others. A hidden panel stays hidden and
    /// shows there when it shows again.
    public func raise() {
        screen.moveInStackingOrder(self, toTop: true)
        // `top_panel` would also show a hidden panel (it is `show_panel`).
        guard isShownByCurses else { return }
        top_panel(panelPointer)
        screen.setNeedsRender()
    }

    /// Puts the panel below all others. A hidden panel stays hidden and
    /// shows there when it shows again.
    public func lower() {
        screen.moveInStackingOrder(self, toTop: false)
        // `bottom_panel` would also show a hidden panel.
        guard isShownByCurses else { return }
        bottom_panel(panelPointer)
        screen.setNeedsRender()
    }

    /// Whether curses has the panel in its stack (shown): not while it is
    /// hidden or laid out to nothing.
    var isShownByCurses: Bool { panel_hidden(panelPointer) != 1 }  // curses TRUE

    /// Whether this panel is above `other` in the z-order.
    public func isAbove(_ other: TerminalPanel) -> Bool {
        var current = panel_above(other.panelPointer)
        while let pointer = current {
            if pointer == panelPointer { return true }
            current = panel_above(pointer)
        }
        return false
    }

    /// Lays the panel out again on the current screen size: for an owner
    /// whose `layout` answers differently now (a modal that gained a frame).
    public func relayout() { applyLayout(screenSize: screen.size) }

    /// Lays the panel out again only when its layout now gives another
    /// frame; true when it did. Moving a curses panel, even to where it
    /// is, makes ncurses compose every line it covers again, and those of
    /// the panels below it.
    @discardableResult
    package func relayoutIfMoved() -> Bool {
        guard TerminalPanel.placeable(layout(screen.size), in: screen.size) != frame else { return false }
        applyLayout(screenSize: screen.size)
        return true
    }

    func applyLayout(screenSize: CellSize) {
        let target = TerminalPanel.placeable(layout(screenSize), in: screenSize)
        // Compared with the window as it is, not with `frame`: `resizeterm`
        // itself grows and shrinks windows that touch the screen's right or
        // bottom edge, so a modal that filled a small screen is wider than
        // `frame` says after the screen grew, and moving it without resizing
        // it back fails (it stayed at its old place, covering the screen).
        let actual = CellSize(width: Int(getmaxx(window)), height: Int(getmaxy(window)))
        if target.size != actual {
            // Move to the origin first so a growing window never pokes off screen.
            move_panel(panelPointer, 0, 0)
            wresize(window, Int32(max(1, target.height)), Int32(max(1, target.width)))
        }
        move_panel(panelPointer, Int32(target.y), Int32(target.x))
        frame = target
        applyVisibility()
        setNeedsDisplay()
    }

    func drawIfNeeded() {
        let partial = needsDisplay ? nil : damage
        guard needsDisplay || partial != nil else { return }
        needsDisplay = false
        damage = nil
        if let partial {
            // Only these rows: the rest of the window (and of the screen
            // ncurses composes) stays untouched.
            for row in partial.rows {
                wmove(window, Int32(row), 0)
                wclrtoeol(window)
                overlays.clear(row: row, from: 0, count: Int.max / 2)
            }
            drawCounts.partial += 1
            lastDrawnRows = partial.rows
        } else {
            werase(window)
            overlays.clearAll()
            drawCounts.full += 1
            lastDrawnRows = []
        }
        guard !frame.isEmpty, let draw else { return }
        var canvas = Canvas(window: window, palette: screen.palette, size: frame.size, damage: partial,
                            overlays: overlays)
        draw(&canvas)
        if let cursorAfterDraw {
            isDrawing = true
            cursor = cursorAfterDraw()
            isDrawing = false
        }
    }

    /// Hides or shows the curses panel only when that changes anything:
    /// `show_panel` also puts the panel on top, so calling it on a panel that
    /// is already shown (every re-layout did) would undo `raise()`/`lower()`.
    /// A panel shown again goes back to its place in the stacking order:
    /// curses forgets where a hidden panel was, and a panel laid out to
    /// nothing at a tiny size (a split's column at 1x1) came back on top of
    /// the help opened meanwhile, hiding it.
    private func applyVisibility() {
        let hide = isHidden || frame.isEmpty
        guard hide == isShownByCurses else { return }
        if hide {
            hide_panel(panelPointer)
        } else {
            show_panel(panelPointer)
            screen.restoreStackingOrder(above: self)
        }
        screen.setNeedsRender()
    }

    /// `rect` clipped to the screen; curses cannot place a window off screen.
    private static func placeable(_ rect: CellRect, in screen: CellSize) -> CellRect {
        rect.intersection(CellRect(size: screen))
    }
}
