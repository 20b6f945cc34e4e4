/// The rows of a panel a partial redraw repaints: the panel erases only
/// these, then runs its whole `draw` on a canvas clipped to them
/// (`Canvas.needsDrawing(row:)` tells a widget which of its rows to draw at
/// all). Whatever a draw would put elsewhere is already on screen.
struct DamagedRows: Equatable {
    /// One flag per panel row, from the top.
    private var flags: [Bool]
    /// How many flags are set.
    private(set) var count = 0

    /// No row of a panel `height` rows tall.
    init(height: Int) { flags = Array(repeating: false, count: max(0, height)) }

    /// Marks `row` (panel coordinates); rows outside the panel are ignored.
    mutating func insert(_ row: Int) {
        guard row >= 0, row < flags.count, !flags[row] else { return }
        flags[row] = true
        count += 1
    }

    /// Whether `row` (panel coordinates) is repainted.
    func contains(_ row: Int) -> Bool { row >= 0 && row < flags.count && flags[row] }

    /// The marked rows, top to bottom.
    var rows: [Int] { flags.indices.filter { flags[$0] } }
}
