import ShojiCurses

/// The top line: a title and the breadcrumb path to the current screen
/// ("Catalog › List › iPhone 15 Pro"), with an optional right-aligned note.
/// When too long it is cut from the left, because the end of the path is
/// where the user is.
@MainActor
public final class HeaderBar: Widget {
    /// The app's name, first.
    public var title: String { didSet { onNeedsDisplay?() } }
    /// The breadcrumb: the titles of the screens on the stack.
    public var path: [String] { didSet { onNeedsDisplay?() } }
    /// Right-aligned: the signed-in user, a position.
    public var trailing: String? { didSet { onNeedsDisplay?() } }
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?

    /// Between the title and each breadcrumb step.
    public static let separator = " › "

    /// A header titled `title`.
    public init(title: String, path: [String] = [], trailing: String? = nil, theme: Theme? = nil) {
        self.title = title
        self.path = path
        self.trailing = trailing
        self.theme = theme
    }

    /// The whole breadcrumb as one string.
    public var breadcrumb: String { ([title] + path).joined(separator: Self.separator) }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let width = canvas.size.width
        canvas.fill(CellRect(x: 0, y: 0, width: width, height: 1), style: theme.header)
        var room = width - 2
        if let trailing, !trailing.isEmpty {
            let trailingWidth = DisplayText.width(of: trailing)
            // The path matters more: the note shows only when both fit.
            if DisplayText.width(of: breadcrumb) + trailingWidth + 2 <= room {
                canvas.text(trailing, at: CellPoint(x: width - 1 - trailingWidth, y: 0), style: theme.header)
                room -= trailingWidth + 2
            }
        }
        if room < 1 { room = width }
        let x = room == width ? 0 : 1
        canvas.draw([TextRun(breadcrumb, theme.header)], at: CellPoint(x: x, y: 0), width: room, keepingEnd: true)
    }
}
