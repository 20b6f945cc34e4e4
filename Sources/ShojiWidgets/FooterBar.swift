import ShojiCurses

/// The bottom line: the current screen's bindings that show in the footer,
/// as "key label" pairs. When they do not all fit, whole pairs are dropped,
/// never cut in half: the least important first and, among equals, the one
/// furthest right (`KeyBinding.Importance`), so the frame's `? help` and
/// `q quit` stay while anything does. A `…` stands where pairs were dropped.
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

    /// The pairs that fit in `room`, in their order, with `…` where some
    /// were dropped (the least important first; among equals, the last
    /// first). A single pair too wide for the room is cut by the canvas.
    func runs(fitting room: Int, theme: Theme) -> [TextRun] {
        let pairs = shownItems
        let widths = pairs.map { DisplayText.width(of: $0.keyNames) + 1 + DisplayText.width(of: $0.label) }
        let gap = DisplayText.width(of: Self.separator)
        let markerWidth = DisplayText.width(of: DisplayText.ellipsis)  // 1, or 3 in ASCII ("...")
        var kept = Array(repeating: true, count: pairs.count)
        var keptCount = pairs.count
        var keptWidth = widths.reduce(0, +)
        func lineWidth(marker: Bool) -> Int {
            let tokens = keptCount + (marker ? 1 : 0)
            return keptWidth + (marker ? markerWidth : 0) + gap * max(0, tokens - 1)
        }
        if lineWidth(marker: false) > room {
            // Least important first; among equals, the furthest right first.
            let order = pairs.indices.sorted { a, b in
                pairs[a].importance != pairs[b].importance ? pairs[a].importance < pairs[b].importance : a > b
            }
            for index in order where keptCount > 1 {
                kept[index] = false
                keptCount -= 1
                keptWidth -= widths[index]
                if lineWidth(marker: true) <= room { break }
            }
        }
        var result: [TextRun] = []
        var markerPlaced = keptCount == pairs.count
        for (index, binding) in pairs.enumerated() {
            if !kept[index] {
                // One marker, where the first pair was dropped; none when a
                // single pair is left too wide even alone.
                guard !markerPlaced, lineWidth(marker: true) <= room else { continue }
                markerPlaced = true
                if !result.isEmpty { result.append(TextRun(Self.separator, theme.footerLabel)) }
                result.append(TextRun(DisplayText.ellipsis, theme.footerLabel))
                continue
            }
            if !result.isEmpty { result.append(TextRun(Self.separator, theme.footerLabel)) }
            result += [TextRun(binding.keyNames, theme.footerKey), TextRun(" " + binding.label, theme.footerLabel)]
        }
        return result
    }
}
