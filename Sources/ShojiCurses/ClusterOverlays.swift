import CShojiCurses

/// The grapheme clusters of one panel that curses cannot hold in a cell,
/// written to the terminal after each frame.
///
/// A cell holds at most `CCHARW_MAX` (5) characters and is as wide as
/// `wcwidth` says its first one is. A cluster longer than that (a family of
/// four, a subdivision flag) or whose first character is narrower alone
/// than the cluster (✈️, 1️⃣, 🇯🇵) is drawn into curses as ``placeholder``, an
/// ideographic space of the cluster's two columns, so curses lays out the
/// rest of the row by the same width model as everything else; after the
/// frame, the screen writes each cluster whose placeholder is still on
/// screen over it, the cursor placed absolutely before it and moved back
/// after. Whatever width the terminal then gives the cluster, nothing after
/// it on the row moves (a terminal that draws it narrower leaves a blank
/// column, one that draws it wider covers the next).
@MainActor
final class ClusterOverlays {
    /// One cluster waiting for the frame.
    struct Entry: Equatable {
        var scalars: [Unicode.Scalar]
        var attributes: attr_t
        var pair: Int16
    }

    /// What curses holds where a cluster is written after the frame.
    nonisolated static let placeholder: Unicode.Scalar = "\u{3000}"

    /// By position in the panel's window.
    private(set) var entries: [CellPoint: Entry] = [:]

    var isEmpty: Bool { entries.isEmpty }

    func set(_ entry: Entry, at point: CellPoint) { entries[point] = entry }

    /// Forgets the clusters on `row` from `x` for `count` columns (drawn over).
    func clear(row: Int, from x: Int, count: Int) {
        guard !entries.isEmpty else { return }
        for point in entries.keys where point.y == row && point.x >= x - 1 && point.x < x + count {
            entries[point] = nil
        }
    }

    func clearAll() { entries.removeAll() }

    /// Whether a curses cell read back holds the placeholder of `entry`.
    /// (The attributes read back carry the pair's bits too: the pair decides.)
    nonisolated static func holds(_ characters: [wchar_t], count: Int32, pair: Int16, _ entry: Entry) -> Bool {
        count == 1 && characters[0] == wchar_t(bitPattern: placeholder.value) && pair == entry.pair
    }
}
