/// The cells of a history graph, one scalar each, row by row: pure, kept
/// in one buffer so a redraw compares rows without building text per cell.
///
/// The newest sample is at the right edge. A sample's height is its share
/// of `maximum` in levels (rounded to the nearest, at least one for any
/// value above 0), filling each row from the bottom:
/// - braille: two samples a cell, 4 dots high a row (`⣀⣤⣶⣿`);
/// - blocks: a sample a cell, 8 eighths a row (`▁▂▃▄▅▆▇█`);
/// - ASCII: a sample a cell, 4 steps a row (`.-=#`).
struct SparklineGrid: Equatable {
    /// How the cells are drawn.
    enum Glyphs: Equatable {
        case braille, blocks, ascii

        /// The samples one cell shows.
        var samplesPerCell: Int { self == .braille ? 2 : 1 }
        /// The heights one row tells apart.
        var levelsPerRow: Int { self == .blocks ? 8 : 4 }
    }

    let width: Int
    let height: Int
    /// `width × height` scalar values, the top row first.
    private(set) var cells: [UInt32]

    static let space: UInt32 = 0x20
    /// Braille dots from the bottom of a cell up: left column, right column.
    private static let leftDots: [UInt32] = [0x40, 0x04, 0x02, 0x01]
    private static let rightDots: [UInt32] = [0x80, 0x20, 0x10, 0x08]
    private static let ascii: [UInt32] = [0x2E, 0x2D, 0x3D, 0x23]  // . - = #

    /// The graph of the newest samples of `ring` in `width × height` cells,
    /// scaled to `maximum` (nil: the largest sample shown).
    init(_ ring: SampleRing, width: Int, height: Int, maximum: Double?, glyphs: Glyphs) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: Self.space, count: self.width * self.height)
        let shown = min(ring.count, self.width * glyphs.samplesPerCell)
        guard shown > 0, self.height > 0 else { return }
        let first = ring.count - shown
        var top = maximum ?? 0
        if maximum == nil {
            for index in first..<ring.count where ring[index] > top { top = ring[index] }
        }
        let levels = self.height * glyphs.levelsPerRow
        func level(_ index: Int) -> Int {
            guard index >= first else { return 0 }
            let value = ring[index]
            guard value > 0, top > 0 else { return 0 }  // NaN compares false: empty
            return min(levels, max(1, Int((value / top * Double(levels)).rounded())))
        }
        let perCell = glyphs.samplesPerCell
        for column in 0..<self.width {
            // The rightmost cell holds the newest sample(s).
            let right = ring.count - (self.width - 1 - column) * perCell - 1
            let rightLevel = level(right)
            let leftLevel = perCell == 2 ? level(right - 1) : 0
            guard rightLevel > 0 || leftLevel > 0 else { continue }
            for row in 0..<self.height {
                let base = (self.height - 1 - row) * glyphs.levelsPerRow
                let filled = min(glyphs.levelsPerRow, max(0, rightLevel - base))
                let leftFilled = min(glyphs.levelsPerRow, max(0, leftLevel - base))
                cells[row * self.width + column] = Self.cell(glyphs, filled: filled, leftFilled: leftFilled)
            }
        }
    }

    private static func cell(_ glyphs: Glyphs, filled: Int, leftFilled: Int) -> UInt32 {
        switch glyphs {
        case .braille:
            guard filled > 0 || leftFilled > 0 else { return space }
            var bits: UInt32 = 0
            for dot in 0..<leftFilled { bits |= leftDots[dot] }
            for dot in 0..<filled { bits |= rightDots[dot] }
            return 0x2800 + bits
        case .blocks:
            return filled == 0 ? space : 0x2580 + UInt32(filled)  // ▁ is U+2581, █ U+2588
        case .ascii:
            return filled == 0 ? space : ascii[filled - 1]
        }
    }

    /// Row `row` as text.
    func text(ofRow row: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for value in cells[(row * width)..<((row + 1) * width)] {
            scalars.append(Unicode.Scalar(value) ?? " ")
        }
        return String(scalars)
    }

    /// Whether row `row` holds the same cells as `other`'s.
    func sameRow(_ row: Int, as other: SparklineGrid) -> Bool {
        cells[(row * width)..<((row + 1) * width)] == other.cells[(row * width)..<((row + 1) * width)]
    }
}
