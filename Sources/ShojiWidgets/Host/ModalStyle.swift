import ShojiCurses

/// How the host draws a view presented as a modal (`Routing.present`).
public enum ModalStyle: Hashable, Sendable {
    /// In a box with the view's title in its top edge and a cell of margin
    /// inside, centred in the content area: a form needs no frame of its own.
    case framed
    /// As the view draws itself, centred: for views that draw their own box
    /// (alerts, help, the command palette).
    case plain
}

extension PanelView {
    /// The margin between the frame's outer edge and the view's own area:
    /// the border and one column each side, the border above and below.
    static let framedInsets = CellSize(width: 2, height: 1)

    /// How far the view's own area sits inside its panel.
    var contentInsets: CellSize {
        isPresentedModally && modalStyle == .framed ? Self.framedInsets : CellSize(width: 0, height: 0)
    }

    /// The panel's size when presented on a content area of `area`: the
    /// view's preferred size, plus the frame when framed.
    func modalPanelSize(in area: CellSize) -> CellSize {
        let insets = contentInsets
        let room = CellSize(width: max(0, area.width - 2 * insets.width), height: max(0, area.height - 2 * insets.height))
        let inner = preferredSize(in: room)
        return CellSize(width: inner.width + 2 * insets.width, height: inner.height + 2 * insets.height)
    }

    /// A modal sized by its content follows it: after a key, or when the
    /// content asks to be drawn again without one (a form whose errors an
    /// async validation set), the panel is laid out again if the size it
    /// asks for now (`preferredSize(in:)`, measured again) gives another
    /// frame. Not while drawing (the frame a draw fills stays put), nor
    /// from inside itself (measuring may ask for display again).
    func fitModalToContent() {
        guard isPresentedModally, !isDrawingInPanel, let panel else { return }
        isDrawingInPanel = true
        defer { isDrawingInPanel = false }
        panel.relayoutIfMoved()
    }

    /// What the host's panel draws: the frame (when framed), then the view in its area.
    func drawInPanel(_ canvas: inout Canvas) {
        isDrawingInPanel = true
        defer {
            isDrawingInPanel = false
            noteBindingsAfterDraw()
        }
        let insets = contentInsets
        guard insets.width > 0 || insets.height > 0 else { return draw(&canvas) }
        let theme = Theme.resolve(nil, for: canvas)
        canvas.box(canvas.bounds, style: theme.border, title: title.isEmpty ? nil : title, titleStyle: theme.title)
        var inner = canvas.subcanvas(canvas.bounds.insetBy(dx: insets.width, dy: insets.height))
        draw(&inner)
    }

    /// The cursor in panel coordinates: the view's, moved by the frame.
    var cursorInPanel: CellPoint? {
        guard let point = cursorPosition else { return nil }
        let insets = contentInsets
        return CellPoint(x: point.x + insets.width, y: point.y + insets.height)
    }
}
