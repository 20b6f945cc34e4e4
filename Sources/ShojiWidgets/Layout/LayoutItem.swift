import ShojiCurses

/// A child of a ``LayoutWidget`` and how it is placed: its size along the
/// layout's axis, the bounds of that size, when it is left out, and whether
/// it is a pane with a border that takes the keys.
///
/// Sizes count the whole pane, its border included: a bordered child of
/// `.fixed(5)` shows three rows of content.
@MainActor
public struct LayoutItem {
    /// The child widget.
    public var widget: any Widget
    /// Its length along the layout's axis.
    public var size: LayoutSize
    /// The fewest cells it gets along the axis, unless the whole layout is
    /// shorter than its children's minimums (then the last children are cut).
    public var minimum: Int
    /// The most cells it gets along the axis; nil for no limit.
    public var maximum: Int?
    /// Not placed on its own while the layout is narrower or shorter than
    /// this: a detail beside a list that goes below 100 columns. What
    /// happens to it then is ``collapse``.
    public var hiddenBelow: CellSize?
    /// What happens to the child below ``hiddenBelow``.
    public var collapse: Collapse
    /// Whether it is drawn in a box, the focused pane's in the focused style.
    public var border: Bool
    /// The title in the box's top edge (needs `border`).
    public var title: String?
    /// Whether it can have the keys: Tab moves between the focusable
    /// children, and a click on one gives it the keys. A child that is not
    /// focusable (a header of meters) never gets keys.
    public var focusable: Bool
    /// A key that gives the child the keys from anywhere on the screen,
    /// however deep it is nested (`1` for the first pane, say), offered as
    /// "to <title>" in help and the palette; nil for none. Only for a
    /// focusable child.
    public var focusKey: TerminalKey?

    /// What a child does below its ``LayoutItem/hiddenBelow`` size.
    public enum Collapse: Hashable, Sendable {
        /// It is left out: no frame, no keys (a pane of extras).
        case hide
        /// It covers the child shown before it, in one place sized as this
        /// child asks: the one of the two with the keys is drawn there, and
        /// Tab, a focus key or the owner's ``LayoutWidget/focus(_:)`` brings
        /// the other, and back from the covering child returns to the one
        /// it covers (a detail that covers its list on a narrow terminal,
        /// as a split's does).
        case cover
    }

    /// A child `widget` sized by `size` within `minimum`...`maximum`, left
    /// out (or covering the child before it, by `collapse`) below
    /// `hiddenBelow`, in a box titled `title` when `border`, able to take
    /// the keys when `focusable`, from anywhere in the layout with `focusKey`.
    public init(_ widget: any Widget, size: LayoutSize = .fill(1), minimum: Int = 0, maximum: Int? = nil,
                hiddenBelow: CellSize? = nil, collapse: Collapse = .hide, border: Bool = false,
                title: String? = nil, focusable: Bool = false, focusKey: TerminalKey? = nil) {
        self.widget = widget
        self.size = size
        self.minimum = minimum
        self.maximum = maximum
        self.hiddenBelow = hiddenBelow
        self.collapse = collapse
        self.border = border
        self.title = title
        self.focusable = focusable
        self.focusKey = focusKey
    }

    /// The cells the border takes along each axis (one each side).
    var chrome: Int { border ? 2 : 0 }

    /// Its place in the layout's geometry: its content measured inside its
    /// border along `axis`.
    func slot(along axis: LayoutWidget.Axis) -> LayoutSlot {
        LayoutSlot(size: size, minimum: minimum, maximum: maximum, hiddenBelow: hiddenBelow, collapse: collapse) {
            [widget, chrome] across in
            let inner = max(0, across - chrome)
            let measured = axis == .rows ? widget.measuredHeight(forWidth: inner) : widget.measuredWidth(forHeight: inner)
            return measured.map { $0 + chrome }
        }
    }

    /// Where its widget draws inside its pane's `frame`: inside the border.
    func contentFrame(in frame: CellRect) -> CellRect {
        border ? frame.insetBy(dx: 1, dy: 1) : frame
    }
}
