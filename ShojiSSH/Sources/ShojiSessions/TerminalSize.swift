/// A terminal size in character cells, as the client's pty request gives it.
public struct TerminalSize: Sendable, Equatable, CustomStringConvertible {
    /// Width in cells.
    public var columns: Int
    /// Height in cells.
    public var rows: Int

    /// A size of `columns` by `rows`.
    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    /// A client without a terminal sends 0x0; that is no terminal at all.
    public var isUsable: Bool { columns > 0 && rows > 0 }

    /// Whether it fits within `maximum` both ways.
    public func fits(within maximum: TerminalSize) -> Bool { columns <= maximum.columns && rows <= maximum.rows }

    /// This size, cut down to `maximum` where it is larger.
    public func clamped(to maximum: TerminalSize) -> TerminalSize {
        TerminalSize(columns: min(columns, maximum.columns), rows: min(rows, maximum.rows))
    }

    /// `80x24`
    public var description: String { "\(columns)x\(rows)" }
}
