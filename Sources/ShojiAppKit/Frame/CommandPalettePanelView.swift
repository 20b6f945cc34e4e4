/// The Ctrl-P command palette as a modal: every binding that works on the
/// screen below, searchable by name. Choosing one closes the palette, then
/// runs the binding as if its key had been pressed.
@MainActor
final class CommandPalettePanelView: PanelView {
    private let palette: CommandPalette

    init(bindings: [KeyBinding], onRun: @escaping @MainActor (KeyBinding) -> Void,
         onClose: @escaping @MainActor () -> Void) {
        palette = CommandPalette(bindings: bindings)
        super.init(title: "Commands")
        modalStyle = .plain  // draws its own box
        palette.onRun = { onRun($0) }
        palette.onClose = { onClose() }
        content = palette
    }

    override func preferredSize(in screen: CellSize) -> CellSize { palette.preferredSize(in: screen) }
}
