import ShojiCurses

/// The bottom line: the current screen's bindings that show in the footer,
/// as "key label" pairs. Pairs that do not fit are dropped whole, never cut
/// in half, and a `…` says some were.
@MainActor
public final class FooterBar: Widget {
    /// The bindings to advertise; those with `showsInFooter == false` are skipped.
    public var items: [KeyBinding] { didSet { onNeedsDisplay?() } }
    /// Right-aligned status, such as a position "12/51".
    public var trailing: String? { didSet { onNeedsDisplay?() } }
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?

    static let separator = "  "
    /// The trailing status gives way when it would leave less than this for keys.
    static let minimumRoomForKeys = 12

    /// A footer listing `items` (those shown in the footer), with `trailing` text on the right.
    public init(items: [KeyBinding] = [], trailing: String? = nil, theme: Theme? = nil) {
        self.items = items
        self.trailing = trailing
        self.theme = theme
    }

    /// The pairs the footer would show with unlimited room.
    public var shownItems: [KeyBinding] { items.filter(\.showsInFooter) }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let width = canvas.size.width
        var room = width
        if let trailing, !trailing.isEmpty {
            let trailingWidth = DisplayText.width(of: trailing)
            if width - trailingWidth - 1 >= Self.minimumRoomForKeys {
                canvas.text(trailing, at: CellPoint(x: width - trailingWidth, y: 0), style: theme.secondary)
                room = width - trailingWidth - 1
            }
        }
        canvas.draw(runs(fitting: room, theme: theme), at: .zero, width: room)
    }

    /// As many whole pairs as fit in `room`, with `…` when some were dropped.
    func runs(fitting room: Int, theme: Theme) -> [TextRun] {
        var result: [TextRun] = []
        var used = 0
        let pairs = shownItems
        for (index, binding) in pairs.enumerated() {
            let lead = TextRun(result.isEmpty ? "" : Self.separator, theme.footerLabel)
            let pair = [lead, TextRun(binding.keyNames, theme.footerKey), TextRun(" " + binding.label, theme.footerLabel)]
            let pairWidth = pair.reduce(0) { $0 + DisplayText.width(of: $1.text) }
            let isLast = index == pairs.count - 1
            let more = Self.separator + DisplayText.ellipsis
            let moreWidth = DisplayText.width(of: more)  // 3, or 5 in ASCII ("  ...")
            let reserve = isLast ? 0 : moreWidth
            if used + pairWidth + reserve > room {
                if result.isEmpty { return pair }
                if used + moreWidth <= room { result.append(TextRun(more, theme.footerLabel)) }
                return result
            }
            result += pair
            used += pairWidth
        }
        return result
    }
}
