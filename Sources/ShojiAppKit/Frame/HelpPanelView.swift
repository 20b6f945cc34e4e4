/// The `?` overlay: every binding of the screen below, and the app's own.
@MainActor
final class HelpPanelView: PanelView {
    private let overlay: HelpOverlay

    init(sections: [HelpSection], onClose: @escaping @MainActor () -> Void) {
        overlay = HelpOverlay(sections: sections)
        super.init(title: "Keys")
        modalStyle = .plain  // draws its own box
        overlay.onClose = { onClose() }
        content = overlay
    }

    override func preferredSize(in screen: CellSize) -> CellSize { overlay.preferredSize(in: screen) }
}
