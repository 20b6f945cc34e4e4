/// The `?` overlay: every binding of the screen below, and the app's own.
/// Its sections are read again at every layout and whenever the frame
/// refreshes (the screen below learned in a draw that some keys act or not:
/// a page that fits after a resize), so it lists what acts now.
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

    /// Reads the sections again; when they list other keys, lays the
    /// overlay out again (its size follows its lines) and redraws it.
    func refreshSections() {
        let current = sections()
        guard Self.listing(current) != Self.listing(overlay.sections) else { return }
        overlay.sections = current
        panel?.relayout()
    }

    /// What a reader sees of `sections`: titles, keys and labels.
    private static func listing(_ sections: [HelpSection]) -> [String] {
        sections.flatMap { section in [section.title ?? ""] + section.bindings.map { "\($0.keyNames) \($0.label)" } }
    }
}
