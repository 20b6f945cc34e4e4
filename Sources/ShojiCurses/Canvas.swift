import CShojiCurses

/// Draws into one panel, clipped to its bounds by display width.
@MainActor
public struct Canvas {
    /// The drawable area's size.
    public let size: CellSize
    let window: WindowPointer
    let palette: ColorPalette
    /// Where this canvas's (0, 0) is in the window.
    private let origin: CellPoint
    /// During a partial redraw, the only panel rows drawn (the others keep
    /// what is on screen); nil when everything is drawn.
    private let damage: DamagedRows?
    /// The panel's clusters written after the frame (nil: none, a test's canvas).
    private let overlays: ClusterOverlays?
    /// The rows (this canvas's coordinates) that reach the window: all of
    /// them, except on a page taller than its view (`page(height:scrolledBy:)`).
    private let shownRows: Range<Int>

    init(window: WindowPointer, palette: ColorPalette, size: CellSize, origin: CellPoint = .zero,
         damage: DamagedRows? = nil, overlays: ClusterOverlays? = nil, shownRows: Range<Int>? = nil) {
        self.window = window
        self.palette = palette
        self.size = size
        self.origin = origin
        self.damage = damage
        self.overlays = overlays
        self.shownRows = shownRows ?? 0..<max(0, size.height)
    }

    /// Where this canvas's (0, 0) is in its panel: a widget that asks for a
    /// partial redraw (`TerminalPanel.setNeedsDisplay(rows:)`) names its
    /// rows in the panel's coordinates, so it notes this while it draws.
    public var originInPanel: CellPoint { origin }

    /// False when this draw is a partial redraw that leaves `row` (this
    /// canvas's coordinates) as it is on screen, or when `row` is out of
    /// view on a scrolled page: drawing there does nothing,
    /// so a widget may skip the work of making that row. True otherwise.
    public func needsDrawing(row: Int) -> Bool {
        guard shownRows.contains(row) else { return false }
        guard let damage else { return true }
        return damage.contains(origin.y + row)
    }

    /// True when this draw repaints the whole panel (not a partial redraw).
    public var drawsEverything: Bool { damage == nil }

    /// The drawable area, from the origin.
    public var bounds: CellRect { CellRect(size: size) }

    /// A canvas for the part `rect` of this one: its own (0, 0) at
    /// `rect.origin`, everything drawn clipped to `rect`. Widgets draw into these.
    public func subcanvas(_ rect: CellRect) -> Canvas {
        let area = rect.intersection(bounds)
        return Canvas(window: window, palette: palette, size: area.size,
                      origin: CellPoint(x: origin.x + area.x, y: origin.y + area.y), damage: damage,
                      overlays: overlays, shownRows: Self.clamp(shownRows, by: -area.y, to: area.height))
    }

    /// A canvas `height` rows tall, as wide as this one, of which rows
    /// `offset..<offset + size.height` are this canvas's rows and the rest
    /// out of view: a scroll view draws the whole of a taller widget on it
    /// and only the part in view reaches the screen. Its `originInPanel`
    /// is where its row 0 would be (above the panel when scrolled).
    public func page(height: Int, scrolledBy offset: Int) -> Canvas {
        Canvas(window: window, palette: palette, size: CellSize(width: size.width, height: max(0, height)),
               origin: CellPoint(x: origin.x, y: origin.y - offset), damage: damage, overlays: overlays,
               shownRows: Self.clamp(shownRows, by: offset, to: height))
    }

    /// `rows` moved by `offset`, kept within `0..<height`.
    private static func clamp(_ rows: Range<Int>, by offset: Int, to height: Int) -> Range<Int> {
        let lower = min(max(0, rows.lowerBound + offset), max(0, height))
        let upper = min(max(lower, rows.upperBound + offset), max(0, height))
        return lower..<upper
    }

    /// The colour depth in use, for widgets that choose styles by it.
    public var colorDepth: ColorDepth { palette.depth }

    /// Draws `text` from `point`, clipped to `width` columns (default: to the
    /// right edge) with `…` when cut. Returns the columns used.
    @discardableResult
    public func text(_ text: String, at point: CellPoint, style: Style = .plain,
                     width: Int? = nil, ellipsis: Bool = true) -> Int
    {
        guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width,
              needsDrawing(row: point.y) else { return 0 }
        let room = min(width ?? size.width - point.x, size.width - point.x)
        let (attributes, pair) = palette.resolve(style)
        overlays?.clear(row: origin.y + point.y, from: origin.x + point.x, count: room)
        // ASCII up to one byte past the room decides: all of it fits, or at
        // least room + 1 columns follow and it is cut (no mark after that byte
        // can join a drawn cell).
        let count = text.utf8.count
        if DisplayText.startsWithPrintableASCII(text, count: min(count, max(0, room) + 1)) {
            return asciiText(text, count: count, at: point, room: room, ellipsis: ellipsis,
                             attributes: attributes, pair: pair)
        }
        if let drawn = asciiWithSymbols(text, at: point, room: room, attributes: attributes, pair: pair) {
            return drawn
        }
        var x = point.x
        for cell in DisplayText.clip(text, to: room, ellipsis: ellipsis) {
            put(cell, at: CellPoint(x: x, y: point.y), attributes: attributes, pair: pair)
            x += cell.width
        }
        return x - point.x
    }

    /// Printable ASCII with lone one-column symbols between (a breadcrumb's
    /// `›`, a footer's `↑`, a `…`), when it fits: each scalar is a cell of
    /// its own there, so it is drawn without splitting the text into
    /// characters. Nil for any other text (a mark, two symbols in a row,
    /// anything wider) or when it must be cut: `DisplayText.clip` decides those.
    private func asciiWithSymbols(_ text: String, at point: CellPoint, room: Int,
                                  attributes: attr_t, pair: Int16) -> Int? {
        guard !DisplayText.asciiOnly else { return nil }
        var total = 0
        var afterSymbol = false
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x20, scalar.value < 0x7F {
                afterSymbol = false
            } else {
                // A symbol right after another could join it (a variation
                // selector, a joiner): only lone ones take this path.
                guard !afterSymbol, DisplayText.isLoneSymbol(scalar) else { return nil }
                afterSymbol = true
            }
            total += 1
            if total > room { return nil }
        }
        var x = point.x
        for scalar in text.unicodeScalars {
            put(scalar, at: CellPoint(x: x, y: point.y), attributes: attributes, pair: pair)
            x += 1
        }
        return total
    }

    /// `text(_:at:style:width:ellipsis:)` for substrings and other string types.
    @discardableResult
    public func text(_ text: some StringProtocol, at point: CellPoint, style: Style = .plain,
                     width: Int? = nil, ellipsis: Bool = true) -> Int
    {
        self.text(String(text), at: point, style: style, width: width, ellipsis: ellipsis)
    }

    /// Printable ASCII, nearly everything a screen shows, is one cell per
    /// byte: drawn straight from the bytes, with exactly the cut and `…` that
    /// `DisplayText.clip` gives, but without building a cell (an array) per
    /// character. Every key redraws a screenful of text, so this is the
    /// difference between a few and a few hundred microseconds per key.
    private func asciiText(_ text: String, count: Int, at point: CellPoint, room: Int, ellipsis: Bool,
                           attributes: attr_t, pair: Int16) -> Int {
        guard room > 0 else { return 0 }
        let fits = count <= room
        let kept = fits ? count : (ellipsis ? room - 1 : room)
        // The point is inside the canvas and `kept` within its room: one call for the run.
        var text = text
        text.withUTF8 { bytes in
            _ = cn_put_ascii(window, Int32(origin.y + point.y), Int32(origin.x + point.x), bytes.baseAddress,
                             Int32(kept), attributes, pair)
        }
        var x = point.x + kept
        if !fits, ellipsis {
            put(wchar_t(bitPattern: DisplayText.ellipsisScalar.value), at: CellPoint(x: x, y: point.y),
                attributes: attributes, pair: pair)
            x += 1
        }
        return x - point.x
    }

    /// Fills `rect` with spaces in `style` (a background or a selection bar).
    public func fill(_ rect: CellRect, style: Style = .plain) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let (attributes, pair) = palette.resolve(style)
        for y in area.y..<area.maxY where needsDrawing(row: y) {
            overlays?.clear(row: origin.y + y, from: origin.x + area.x, count: area.width)
            cn_fill_cells(window, Int32(origin.y + y), Int32(origin.x + area.x), Int32(area.width), attributes, pair)
        }
    }

    /// A horizontal line of `─` (or `-` without UTF-8).
    public func horizontalLine(at point: CellPoint, length: Int, style: Style = .plain) {
        repeatGlyph(BoxGlyphs.current.horizontal, from: point, count: length, dx: 1, dy: 0, style: style)
    }

    /// A vertical line of `│` (or `|` without UTF-8).
    public func verticalLine(at point: CellPoint, length: Int, style: Style = .plain) {
        repeatGlyph(BoxGlyphs.current.vertical, from: point, count: length, dx: 0, dy: 1, style: style)
    }

    /// A border around `rect` with an optional title set into the top edge.
    public func box(_ rect: CellRect, style: Style = .plain, title: String? = nil, titleStyle: Style? = nil) {
        guard rect.width >= 2, rect.height >= 2 else { return }
        let glyphs = BoxGlyphs.current
        let (attributes, pair) = palette.resolve(style)
        horizontalLine(at: CellPoint(x: rect.x + 1, y: rect.y), length: rect.width - 2, style: style)
        horizontalLine(at: CellPoint(x: rect.x + 1, y: rect.maxY - 1), length: rect.width - 2, style: style)
        verticalLine(at: CellPoint(x: rect.x, y: rect.y + 1), length: rect.height - 2, style: style)
        verticalLine(at: CellPoint(x: rect.maxX - 1, y: rect.y + 1), length: rect.height - 2, style: style)
        put(glyphs.topLeft, at: rect.origin, attributes: attributes, pair: pair)
        put(glyphs.topRight, at: CellPoint(x: rect.maxX - 1, y: rect.y), attributes: attributes, pair: pair)
        put(glyphs.bottomLeft, at: CellPoint(x: rect.x, y: rect.maxY - 1), attributes: attributes, pair: pair)
        put(glyphs.bottomRight, at: CellPoint(x: rect.maxX - 1, y: rect.maxY - 1), attributes: attributes, pair: pair)
        if let title, rect.width > 4 {
            text(" \(title) ", at: CellPoint(x: rect.x + 2, y: rect.y), style: titleStyle ?? style, width: rect.width - 4)
        }
    }

    private func repeatGlyph(_ glyph: Unicode.Scalar, from point: CellPoint, count: Int, dx: Int, dy: Int, style: Style) {
        let (attributes, pair) = palette.resolve(style)
        for step in 0..<max(0, count) {
            put(glyph, at: CellPoint(x: point.x + step * dx, y: point.y + step * dy), attributes: attributes, pair: pair)
        }
    }

    // One cell each. No arrays made and no closures: these run for every
    // cell of every redraw.

    /// One cell of text, its cluster whole: in the curses cell when curses
    /// can hold it as measured, else as a placeholder of its width with the
    /// cluster written after the frame (``ClusterOverlays``).
    private func put(_ cell: TextCell, at point: CellPoint, attributes: attr_t, pair: Int16) {
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height,
              needsDrawing(row: point.y) else { return }
        let scalars = cell.scalars
        let y = Int32(origin.y + point.y), x = Int32(origin.x + point.x)
        // A placeholder is two columns: anything narrower curses cannot
        // hold keeps what `setcchar` keeps (a base and its marks).
        if Canvas.cursesHolds(cell) || cell.width != 2 {
            Canvas.put(scalars, window: window, y: y, x: x, attributes: attributes, pair: pair)
            return
        }
        put(ClusterOverlays.placeholder, at: point, attributes: attributes, pair: pair)
        overlays?.set(ClusterOverlays.Entry(scalars: scalars, attributes: attributes, pair: pair),
                      at: CellPoint(x: Int(x), y: Int(y)))
    }

    /// The characters a curses cell holds (CCHARW_MAX).
    private static let cellCapacity = Int(cn_cchar_max())

    /// Whether curses keeps `cell` whole at its width: one scalar, or a
    /// letter with at most 4 marks, `wcwidth` measuring the letter as the
    /// cell. Emoji sequences are not (a second picture after a joiner, a
    /// skin tone, or a first scalar narrower alone), and terminals disagree
    /// on their widths too: those are written after the frame.
    private static func cursesHolds(_ cell: TextCell) -> Bool {
        let scalars = cell.scalars
        guard scalars.count > 1 else { return true }
        guard scalars.count <= cellCapacity, cn_wcwidth(scalars[0].value) == cell.width else { return false }
        return scalars.dropFirst().allSatisfy { cn_wcwidth($0.value) == 0 } && !GraphemeWidth.isEmojiCell(cell)
    }

    private func put(_ scalar: Unicode.Scalar, at point: CellPoint, attributes: attr_t, pair: Int16) {
        put(wchar_t(bitPattern: scalar.value), at: point, attributes: attributes, pair: pair)
    }

    private func put(_ character: wchar_t, at point: CellPoint, attributes: attr_t, pair: Int16) {
        guard point.x >= 0, point.y >= 0, point.x < size.width, point.y < size.height,
              needsDrawing(row: point.y) else { return }
        var character = character
        cn_put_cell(window, Int32(origin.y + point.y), Int32(origin.x + point.x), &character, 1, attributes, pair)
    }

    /// The scalars passed to curses in place (a scalar is a UTF-32 code unit,
    /// as `wchar_t` is here). Not isolated: a closure made on the main actor
    /// and handed to the standard library is checked for its actor per call.
    private nonisolated static func put(_ scalars: [Unicode.Scalar], window: WindowPointer, y: Int32, x: Int32,
                                        attributes: attr_t, pair: Int16) {
        scalars.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: wchar_t.self) { characters in
                _ = cn_put_cell(window, y, x, characters.baseAddress, Int32(characters.count), attributes, pair)
            }
        }
    }
}

/// Line-drawing characters: Unicode box drawing, or ASCII with no UTF-8.
struct BoxGlyphs {
    let horizontal: Unicode.Scalar, vertical: Unicode.Scalar
    let topLeft: Unicode.Scalar, topRight: Unicode.Scalar
    let bottomLeft: Unicode.Scalar, bottomRight: Unicode.Scalar

    static let unicode = BoxGlyphs(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
                                   bottomLeft: "└", bottomRight: "┘")
    static let ascii = BoxGlyphs(horizontal: "-", vertical: "|", topLeft: "+", topRight: "+",
                                 bottomLeft: "+", bottomRight: "+")
    @MainActor static var current: BoxGlyphs { DisplayText.asciiOnly ? ascii : unicode }
}
