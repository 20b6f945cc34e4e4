/// A cell position on the screen: column `x`, row `y`, both from 0.
public struct CellPoint: Hashable, Sendable, CustomStringConvertible {
    /// The column, from 0 at the left.
    public var x: Int
    /// The row, from 0 at the top.
    public var y: Int
    /// The cell at column `x`, row `y`.
    public init(x: Int, y: Int) { self.x = x; self.y = y }
    /// The top-left cell.
    public static let zero = CellPoint(x: 0, y: 0)
    /// `(x, y)`.
    public var description: String { "(\(x), \(y))" }
}
