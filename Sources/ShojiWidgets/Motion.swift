import ShojiCurses

/// A move through a list of positions (rows of a list, lines of a text),
/// shared so that every scrolling widget answers the same keys the same way.
public enum Motion: Sendable {
    case up, down, pageUp, pageDown, first, last

    /// Where `index` goes among `count` positions with `page` of them visible;
    /// it stays put at the edges.
    public func target(from index: Int, count: Int, page: Int) -> Int {
        guard count > 0 else { return 0 }
        let page = max(1, page)
        let moved: Int
        switch self {
        case .up: moved = index - 1
        case .down: moved = index + 1
        case .pageUp: moved = index - page
        case .pageDown: moved = index + page
        case .first: moved = 0
        case .last: moved = count - 1
        }
        return min(max(0, moved), count - 1)
    }
}

/// The first visible position that keeps `index` on screen while moving the
/// view as little as possible from `current`.
public enum ScrollOffset {
    /// The first visible position that keeps `index` on screen, moving as little as possible from `current`.
    public static func keeping(_ index: Int, visible: Int, count: Int, current: Int) -> Int {
        let visible = max(1, visible)
        var offset = current
        if index < offset { offset = index }
        if index >= offset + visible { offset = index - visible + 1 }
        return min(max(0, offset), max(0, count - visible))
    }
}

extension KeyBinding {
    /// The movement keys: arrows and vim keys, pages, first and last. Shown in
    /// help, not in the footer, where they would crowd out the screen's own keys.
    public static func motions(_ move: @escaping @MainActor (Motion) -> Void) -> [KeyBinding] {
        [
            KeyBinding([.up, .character("k")], "up", footer: false) { move(.up) },
            KeyBinding([.down, .character("j")], "down", footer: false) { move(.down) },
            KeyBinding([.pageUp], "page up", footer: false) { move(.pageUp) },
            KeyBinding([.pageDown], "page down", footer: false) { move(.pageDown) },
            KeyBinding([.home, .character("g")], "first", footer: false) { move(.first) },
            KeyBinding([.end, .character("G")], "last", footer: false) { move(.last) },
        ]
    }
}
