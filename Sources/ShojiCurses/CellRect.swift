/// A rectangle of cells.
public struct CellRect: Hashable, Sendable, CustomStringConvertible {
    /// The top-left cell.
    public var origin: CellPoint
    /// The size.
    public var size: CellSize
    /// A rectangle at `origin` of `size`.
    public init(origin: CellPoint, size: CellSize) { self.origin = origin; self.size = size }
    /// A rectangle at (`x`, `y`) of `width` by `height`.
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: CellPoint(x: x, y: y), size: CellSize(width: width, height: height))
    }
    /// A rectangle of `size` at the origin.
    public init(size: CellSize) { self.init(origin: .zero, size: size) }

    /// The left column.
    public var x: Int { origin.x }
    /// The top row.
    public var y: Int { origin.y }
    /// The width.
    public var width: Int { size.width }
    /// The height.
    public var height: Int { size.height }
    /// The column just right of the rectangle.
    public var maxX: Int { origin.x + size.width }
    /// The row just below the rectangle.
    public var maxY: Int { origin.y + size.height }
    /// Whether it has no cells.
    public var isEmpty: Bool { size.width <= 0 || size.height <= 0 }
    /// `(x, y) WxH`.
    public var description: String { "\(origin) \(size)" }

    /// The rectangle shrunk by `dx` columns on each side and `dy` rows on top and bottom.
    public func insetBy(dx: Int, dy: Int) -> CellRect {
        CellRect(x: x + dx, y: y + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The part of this rectangle inside `other`; empty when they do not overlap.
    public func intersection(_ other: CellRect) -> CellRect {
        let left = max(x, other.x), top = max(y, other.y)
        let right = min(maxX, other.maxX), bottom = min(maxY, other.maxY)
        return CellRect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
    }

    /// Whether `point` is one of this rectangle's cells.
    public func contains(_ point: CellPoint) -> Bool {
        point.x >= x && point.x < maxX && point.y >= y && point.y < maxY
    }

    /// A rectangle of `size` centred in this one, clamped to fit inside it.
    public func centered(_ size: CellSize) -> CellRect {
        let w = min(size.width, width), h = min(size.height, height)
        return CellRect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
    }
}
