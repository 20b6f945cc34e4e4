/// The item a list highlights: its index in the data source and, when the
/// source gives one, its identity, so the list finds it again after the rows
/// were reloaded in another order.
struct HighlightedItem: Equatable {
    /// The data-source index; nil when no row shows.
    var index: Int?
    /// The source's `itemID(at:)` for it.
    var id: AnyHashable?

    /// Where the item with `id` is in `source` now: at its old index when it
    /// did not move (no search), else the first row with that identity; nil
    /// when it is gone.
    @MainActor
    func locate(_ id: AnyHashable, in source: any ListDataSource) -> Int? {
        let count = source.count
        if let index, index < count, source.itemID(at: index) == id { return index }
        for candidate in 0..<count where source.itemID(at: candidate) == id { return candidate }
        return nil
    }
}
