/// The `?` overlay: every binding of the screen below, and the app's own.
/// Its sections are read again at every layout, so a resize that changes
/// what the screen below offers changes the list.
@MainActor
final class HelpPanelView: PanelView {
    private let overlay: HelpOverlay
    private let sections: @MainActor () -> [HelpSection]

    init(sections: @escaping @MainActor () -> [HelpSection], onClose: @escaping @MainActor () -> Void) {
        self.sections = sections
        overlay = HelpOverlay(sections: sections())
        super.init(title: "Keys")
        modalStyle = .plain  // draws its own box
        overlay.onClose = { onClose() }
        content = overlay
    }

    override func preferredSize(in screen: CellSize) -> CellSize {
        overlay.sections = sections()
        return overlay.preferredSize(in: screen)
    }
}
