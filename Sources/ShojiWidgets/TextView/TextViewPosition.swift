/// A place in a text view: a line, and a row inside it (0 unless the line
/// wraps onto several). Positions order as the rows they name.
public struct TextViewPosition: Hashable, Comparable, Sendable {
    /// The line, from 0.
    public var line: Int
    /// The row inside the line, from 0.
    public var row: Int

    /// The `row`-th row of `line`.
    public init(line: Int, row: Int) {
        self.line = line
        self.row = row
    }

    /// Whether `lhs` comes before `rhs`.
    public static func < (lhs: TextViewPosition, rhs: TextViewPosition) -> Bool {
        (lhs.line, lhs.row) < (rhs.line, rhs.row)
    }
}
