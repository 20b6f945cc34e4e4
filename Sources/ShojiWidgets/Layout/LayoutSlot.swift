import ShojiCurses

/// One place along a layout's axis and the rules that size it: the one
/// geometry a ``LayoutWidget``'s children and a split's header, columns and
/// divider are all placed by (``frames(of:axis:spacing:in:)``), so the two
/// cannot drift.
struct LayoutSlot {
    /// Its length along the axis.
    var size: LayoutSize
    /// The fewest cells it gets along the axis.
    var minimum = 0
    /// The most cells it gets along the axis; nil for no limit.
    var maximum: Int?
    /// Below this size of the whole layout, the slot is not placed on its own.
    var hiddenBelow: CellSize?
    /// What happens below `hiddenBelow`: left out, or placed over the slot
    /// shown before it.
    var collapse: LayoutItem.Collapse = .hide
    /// For `.content`: its length along the axis for a length across it
    /// (border included); nil when it does not say (then it fills).
    var measure: ((_ across: Int) -> Int?)?

    /// Whether it is not placed on its own on a layout of `size`.
    func isHidden(in size: CellSize) -> Bool {
        guard let hiddenBelow else { return false }
        return size.width < hiddenBelow.width || size.height < hiddenBelow.height
    }

    /// What it asks for on an axis of `available` cells whose other axis
    /// is `across` cells long.
    func demand(along available: Int, across: Int) -> LayoutDemand {
        let kind: LayoutDemand.Kind
        switch size {
        case .fixed(let length): kind = .exact(length)
        case .fill(let weight): kind = .fill(weight)
        case .fraction(let part): kind = .exact(Int((part * Double(available)).rounded()))
        case .content: kind = measure?(across).map { .content($0) } ?? .fill(1)
        }
        return LayoutDemand(kind: kind, minimum: max(0, minimum), maximum: maximum)
    }

    /// Each slot's frame on a layout of `size`: placed in order along
    /// `axis`, `spacing` apart, across the whole other axis, none outside
    /// `size`; nil for a slot left out (`hiddenBelow`) or cut for want of
    /// room (the last ones, when the minimums do not fit).
    ///
    /// A slot that collapses by covering (`.cover`) and is below its size
    /// takes the place of the shown slot before it: the two are placed as
    /// one slot sized as the covering one asks (a detail that fills covers
    /// its list across the whole width) and both get that frame. Which of
    /// the two is drawn is the owner's choice (the one with the keys).
    static func frames(of slots: [LayoutSlot], axis: LayoutWidget.Axis, spacing: Int,
                       in size: CellSize) -> [CellRect?] {
        let total = axis == .rows ? size.height : size.width
        let across = axis == .rows ? size.width : size.height
        // Each placed slot, with the slots placed in it (itself, and those covering it).
        var placed: [(slot: LayoutSlot, members: [Int])] = []
        for (index, slot) in slots.enumerated() {
            guard slot.isHidden(in: size) else {
                placed.append((slot, [index]))
                continue
            }
            if slot.collapse == .cover, !placed.isEmpty {
                placed[placed.count - 1].slot = slot
                placed[placed.count - 1].members.append(index)
            }
        }
        let available = max(0, total - spacing * max(0, placed.count - 1))
        let lengths = LayoutDemand.lengths(of: placed.map { $0.slot.demand(along: available, across: across) },
                                           in: available)
        var frames = [CellRect?](repeating: nil, count: slots.count)
        var position = 0
        for (place, length) in zip(placed, lengths) {
            let cut = min(length, total - position)
            if cut > 0 {
                let frame = axis == .rows
                    ? CellRect(x: 0, y: position, width: across, height: cut)
                    : CellRect(x: position, y: 0, width: cut, height: across)
                for member in place.members { frames[member] = frame }
            }
            position += max(0, cut) + spacing
        }
        return frames
    }
}
