import ShojiCurses

/// Places child widgets in a row or a column, each in a frame of its own: a
/// screen of panes (a header of meters above a table with a detail beside
/// it) in one `PanelView.content`. A child may be another layout, so rows
/// and columns nest.
///
/// Each ``LayoutItem`` says how long its child is along the axis (fixed, a
/// fraction, a share of what is left, or the content's own length), within
/// a minimum and a maximum, whether it is left out below a size, and
/// whether it is a bordered, titled pane that can take the keys. The layout
/// is worked out again when the canvas's size or the children change.
///
/// Keys go to the focused child first, then Tab / Shift-Tab move the focus
/// along the focus chain: the focusable panes shown, in reading order
/// through nested layouts (when there are two or more), walked by the
/// outermost layout or, on a screen, by the key chain (`KeyChain`). A mouse event goes to the child under it, in that child's
/// coordinates; a press on a focusable child focuses it first. The focused
/// child's text field and cursor are the layout's, the cursor moved by the
/// child's place. A child that asks for display redraws only its rows.
///
/// See <doc:LayingOutPanes>.
@MainActor
public final class LayoutWidget: Widget {
    /// Which way a layout places its children.
    public enum Axis: Hashable, Sendable {
        /// Stacked top to bottom; sizes are heights.
        case rows
        /// Side by side, left to right; sizes are widths.
        case columns
    }

    /// Which way the children are placed.
    public let axis: Axis
    /// Empty cells between two children shown.
    public let spacing: Int
    /// The children, in order. Setting them lays out again and redraws the
    /// panes that changed or moved; the focus stays on the same index when
    /// it is still focusable there.
    public var children: [LayoutItem] {
        didSet { childrenChanged(from: oldValue) }
    }
    /// The child that gets keys: the first focusable one by default, nil
    /// when none is focusable.
    public internal(set) var focusedIndex: Int?
    /// Called with the index of the child that got the focus (Tab, a
    /// click, a hidden child's focus moving on, ``focus(_:)``).
    public var onFocusChange: ((Int) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// Set by the owner: called with the rows (panel coordinates) a child
    /// asked to redraw, or those of a child's whole frame.
    public var onNeedsDisplayInRows: (([Int]) -> Void)?
    /// The theme its borders draw with; nil uses the default.
    public var theme: Theme?

    /// Whether the layout itself has the keys (its owner says with
    /// `setFocused`): without them no child is drawn focused.
    var isFocused = true
    /// The size the frames were worked out for, and each child's frame
    /// (nil: left out or no room); nil before the first draw.
    var laidOut: (size: CellSize, frames: [CellRect?])?
    /// Where the layout's (0, 0) was in its panel at the last draw.
    var originInPanel: CellPoint?
    /// Tab and Shift-Tab between the panes, made on first use.
    var madePaneBindings: [KeyBinding]?
    /// The focus keys' bindings, with the panes they were made for.
    var madeFocusKeyBindings: (stops: [FocusKeyStop], bindings: [KeyBinding])?
    /// The layout this one is nested in (as a child, or filling a stack
    /// pane's screen): the outermost walks the focus chain.
    weak var parentLayout: LayoutWidget?
    /// Set by the key chain that walks this layout's panes with the rest of
    /// its screen's (a split's columns): Tab is not the layout's own then.
    var isWalkedByKeyChain = false

    /// A layout of `children` along `axis`, `spacing` empty cells apart.
    public init(_ axis: Axis, _ children: [LayoutItem] = [], spacing: Int = 0) {
        self.axis = axis
        self.spacing = max(0, spacing)
        self.children = children
        wireChildren()
        focusedIndex = children.indices.first(where: canTakeKeys)
        applyFocus()
    }

    // MARK: Drawing

    /// Draws each child shown into its frame (the box first for a bordered
    /// one), laying out again when the canvas's size changed.
    public func draw(_ canvas: inout Canvas) {
        originInPanel = canvas.originInPanel
        // A whole draw measures again (a `.content` child may have grown);
        // a partial one keeps the frames its rows were asked for in.
        if laidOut?.size != canvas.size || canvas.drawsEverything { layOut(for: canvas.size) }
        guard let frames = laidOut?.frames else { return }
        let theme = Theme.resolve(self.theme, for: canvas)
        for (index, item) in children.enumerated() {
            guard let frame = frames[index], isInFront(index) else { continue }
            if item.border {
                let focused = isFocused && item.focusable && index == focusedIndex
                canvas.box(frame, style: focused ? theme.border : theme.secondary,
                           title: title(of: item), titleStyle: focused ? theme.title : theme.secondary)
            }
            var pane = canvas.subcanvas(item.contentFrame(in: frame))
            guard pane.size.width > 0, pane.size.height > 0 else { continue }
            item.widget.draw(&pane)
        }
    }

    /// The item's title, else a stack pane's breadcrumb (it follows the
    /// pane's stack: the pane asks for display when it changes).
    private func title(of item: LayoutItem) -> String? {
        if let title = item.title { return title }
        guard let pane = item.widget as? StackPane, !pane.title.isEmpty else { return nil }
        return pane.title
    }

    /// Works out the frames for `size` and moves the focus off a child
    /// that is no longer shown.
    func layOut(for size: CellSize) {
        laidOut = (size, frames(in: size))
        if let focused = focusedIndex {
            if !isShown(focused) { moveFocus(from: focused, by: 1) }
        } else if let first = focusableShown.first {
            focus(first)  // the only focusable children were left out, and are back
        }
    }

    /// Whether child `index` is drawn where it is placed: it shares its
    /// place with none, or it is the one of those that has the keys (else
    /// the first): a child covering another below its size (`.cover`).
    func isInFront(_ index: Int) -> Bool {
        guard let frames = laidOut?.frames, frames.indices.contains(index), let frame = frames[index] else { return false }
        let sharing = frames.indices.filter { frames[$0] == frame }
        guard sharing.count > 1 else { return true }
        if let focusedIndex, sharing.contains(focusedIndex) { return index == focusedIndex }
        return index == sharing.first
    }

    /// Whether child `index` has a frame (always true before the first layout).
    func isShown(_ index: Int) -> Bool {
        guard let laidOut else { return true }
        return laidOut.frames.indices.contains(index) && laidOut.frames[index] != nil
    }

    // MARK: Damage

    /// A child's row requests are in panel coordinates already (it draws on
    /// a sub-canvas that knows its place), so they pass up as they are.
    private func wireChildren() {
        for item in children {
            let widget = item.widget
            (widget as? LayoutWidget)?.parentLayout = self
            widget.onNeedsDisplay = { [weak self, weak widget] in
                guard let self, let widget else { return }
                childNeedsDisplay(widget)
            }
            widget.onNeedsDisplayInRows = { [weak self] asked in
                guard let self else { return }
                needsDisplay(rows: asked + (rows(of: remeasure()) ?? []))
            }
        }
    }

    /// Lays out again when a child sized by its content asked for display
    /// (it may have grown or shrunk); the frames that changed, old and new.
    private func remeasure() -> [CellRect] {
        guard let before = laidOut, children.contains(where: { $0.size == .content }) else { return [] }
        layOut(for: before.size)
        let after = laidOut?.frames ?? []
        return zip(before.frames, after).filter { $0 != $1 }.flatMap { [$0, $1].compactMap { $0 } }
    }

    /// Redraws `widget`'s pane: its rows only, once the layout has drawn
    /// and its owner takes rows.
    private func childNeedsDisplay(_ widget: any Widget) {
        guard let index = children.firstIndex(where: { $0.widget === widget }) else { return }
        guard laidOut != nil else { return needsDisplay(rows: nil) }
        let moved = remeasure()
        guard let frame = self.laidOut?.frames[index], isInFront(index) else {
            // Not on screen: only what moved, if anything, is drawn again.
            if !moved.isEmpty { needsDisplay(rows: rows(of: moved)) }
            return
        }
        needsDisplay(rows: rows(of: [frame] + moved))
    }

    /// The panel rows `frames` cover; nil before the first draw.
    func rows(of frames: [CellRect]) -> [Int]? {
        guard let originInPanel else { return nil }
        let rows = Set(frames.flatMap { $0.y..<$0.maxY })
        return rows.sorted().map { originInPanel.y + $0 }
    }

    /// Asks the owner to redraw `rows`, or everything when nil or when the
    /// owner does not take rows.
    func needsDisplay(rows: [Int]?) {
        if let rows, let onNeedsDisplayInRows { onNeedsDisplayInRows(rows) } else { onNeedsDisplay?() }
    }

    /// New children: wired, the focus kept where it can be, and only the
    /// panes whose child, frame or box changed drawn again.
    private func childrenChanged(from old: [LayoutItem]) {
        wireChildren()
        // The same place keeps the keys while it can take them.
        let keepsFocus = focusedIndex.map { children.indices.contains($0) && canTakeKeys($0) } ?? false
        if !keepsFocus { focusedIndex = children.indices.first(where: canTakeKeys) }
        guard let before = laidOut else {
            applyFocus()
            return needsDisplay(rows: nil)
        }
        layOut(for: before.size)
        applyFocus()
        let after = laidOut?.frames ?? []
        var changed: [CellRect] = []
        for index in 0..<max(old.count, children.count) {
            let oldFrame = index < before.frames.count ? before.frames[index] : nil
            let newFrame = index < after.count ? after[index] : nil
            let same = index < old.count && index < children.count && oldFrame == newFrame
                && old[index].widget === children[index].widget && old[index].border == children[index].border
                && old[index].title == children[index].title
            guard !same else { continue }
            changed += [oldFrame, newFrame].compactMap { $0 }
        }
        guard !changed.isEmpty else { return }
        needsDisplay(rows: rows(of: changed))
    }
}
