// TEMPORARY until the palette widget lands.
@MainActor
final class CommandPalettePanelView: PanelView {
    init(bindings: [KeyBinding], onRun: @escaping @MainActor (KeyBinding) -> Void, onClose: @escaping @MainActor () -> Void) {
        super.init(title: "Commands")
    }
}
