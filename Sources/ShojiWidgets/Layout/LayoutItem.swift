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
    /// Left out (laid out as absent) while the layout is narrower or shorter
    /// than this: a detail beside a list that goes below 100 columns.
    public var hiddenBelow: CellSize?
    /// Whether it is drawn in a box, the focused pane's in the focused style.
    public var border: Bool
    /// The title in the box's top edge (needs `border`).
    public var title: String?
    /// Whether it can have the keys: Tab moves between the focusable
    /// children, and a click on one gives it the keys. A child that is not
    /// focusable (a header of meters) never gets keys.
    public var focusable: Bool
    /// A key that gives the child the keys from anywhere in the layout (`1`
    /// for the first pane, say), offered as "to <title>" in help and the
    /// palette; nil for none. Only for a focusable child.
    public var focusKey: TerminalKey?

    /// A child `widget` sized by `size` within `minimum`...`maximum`, left
    /// out below `hiddenBelow`, in a box titled `title` when `border`, able to
    /// take the keys when `focusable`, from anywhere in the layout with
    /// `focusKey`.
    public init(_ widget: any Widget, size: LayoutSize = .fill(1), minimum: Int = 0, maximum: Int? = nil,
                hiddenBelow: CellSize? = nil, border: Bool = false, title: String? = nil, focusable: Bool = false,
                focusKey: TerminalKey? = nil) {
        self.widget = widget
        self.size = size
        self.minimum = minimum
        self.maximum = maximum
        self.hiddenBelow = hiddenBelow
        self.border = border
        self.title = title
        self.focusable = focusable
        self.focusKey = focusKey
    }

    /// The cells the border takes along each axis (one each side).
    var chrome: Int { border ? 2 : 0 }

    /// Whether it is left out on a layout of `size`.
    func isHidden(in size: CellSize) -> Bool {
        guard let hiddenBelow else { return false }
        return size.width < hiddenBelow.width || size.height < hiddenBelow.height
    }

    /// Where its widget draws inside its pane's `frame`: inside the border.
    func contentFrame(in frame: CellRect) -> CellRect {
        border ? frame.insetBy(dx: 1, dy: 1) : frame
    }
}
