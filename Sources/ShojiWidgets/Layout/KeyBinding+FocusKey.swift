import ShojiCurses

extension KeyBinding {
    /// A key that gives a pane the keys, "to <name>", out of the footer
    /// (help and the palette list it): the one form a layout's
    /// `LayoutItem.focusKey` and a split's `SplitContainer.focusKeys` take.
    init(focusKey key: TerminalKey, to name: String, action: @escaping @MainActor () -> Void) {
        self.init([key], "to \(name)", footer: false, action: action)
    }
}
