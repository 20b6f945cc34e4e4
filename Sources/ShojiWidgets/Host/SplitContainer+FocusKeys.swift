import ShojiNavigation
import ShojiCurses

extension SplitContainer {
    /// Keys that give a column the keys from anywhere in the split, as
    /// `LayoutItem.focusKey` does for a layout's pane (`1` for the list,
    /// `2` for the detail, say): offered as "to list" and "to detail" in
    /// help and the palette, after the focused screen's own keys. The
    /// detail's key does what Tab does from the list (it opens the
    /// highlighted item's detail, covering the list when collapsed).
    public var focusKeys: [Column: TerminalKey] {
        get { columnFocusKeys.compactMapValues { $0.base as? TerminalKey } }
        set { columnFocusKeys = newValue.mapValues(AnyHashable.init) }
    }
}
