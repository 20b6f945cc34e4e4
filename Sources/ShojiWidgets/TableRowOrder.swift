/// The order a self-sorting table shows its rows in: for each position on
/// screen, the data source's index, and back. Shared by the table and the
/// list that keeps its selection and filter, so both read the same order.
@MainActor
final class TableRowOrder {
    /// Data-source indices in display order; nil while the table is unsorted
    /// (positions and indices are then the same).
    private(set) var indices: [Int]?
    /// The inverse of `indices`, made when first asked for.
    private var positionCache: [Int]?

    /// Shows the rows in `indices` order (nil: the data source's order).
    func set(_ indices: [Int]?) {
        self.indices = indices
        positionCache = nil
    }

    /// The data-source index of the row shown at `position`.
    func index(atPosition position: Int) -> Int {
        guard let indices, position < indices.count else { return position }
        return indices[position]
    }

    /// How many rows are in the order (nil while unsorted).
    var count: Int? { indices?.count }

    /// Where the data source's row `index` shows; nil when out of range.
    func position(of index: Int) -> Int? {
        guard let indices else { return index }
        if positionCache == nil {
            var inverse = [Int](repeating: 0, count: indices.count)
            for (position, index) in indices.enumerated() { inverse[index] = position }
            positionCache = inverse
        }
        guard let positions = positionCache, positions.indices.contains(index) else { return nil }
        return positions[index]
    }

    /// `matches` (data-source indices) as positions, in display order.
    func positions(of matches: [Int]) -> [Int] {
        guard indices != nil else { return matches }
        var result: [Int] = []
        result.reserveCapacity(matches.count)
        for index in matches { if let position = position(of: index) { result.append(position) } }
        result.sort()
        return result
    }
}
