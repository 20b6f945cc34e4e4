/// A size in cells.
public struct CellSize: Hashable, Sendable, CustomStringConvertible {
    /// The smallest terminal an app draws on by default, 40 columns by 12
    /// lines: below it the screen says "terminal too small" (an app changes
    /// it with `LaunchConfiguration.minimumSize`, a screen with
    /// ``TerminalScreen/Configuration/minimumSize``).
    public static let defaultMinimum = CellSize(width: 40, height: 12)

    /// Columns.
    public var width: Int
    /// Rows.
    public var height: Int
    /// `width` columns by `height` rows.
    public init(width: Int, height: Int) { self.width = width; self.height = height }
    /// No cells.
    public static let zero = CellSize(width: 0, height: 0)
    /// `WxH`, as in `80x24`.
    public var description: String { "\(width)x\(height)" }

    /// Whether both dimensions reach those of `minimum`.
    public func fits(_ minimum: CellSize) -> Bool { width >= minimum.width && height >= minimum.height }
}
