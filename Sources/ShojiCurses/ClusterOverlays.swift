import CShojiCurses

/// The grapheme clusters of one panel that curses cannot hold in a cell,
/// written to the terminal after each frame.
///
/// A cell holds at most `CCHARW_MAX` (5) characters, a spacing one and the
/// non-spacing ones after it, and is as wide as `wcwidth` says its first is.
/// An emoji sequence breaks one of these (a family has three spacing emoji,
/// a skin tone is spacing, ✈️, 1️⃣ and 🇯🇵 start with a one-column scalar),
/// and terminals disagree on how wide they draw it. So it is drawn into
/// curses as ``placeholder``, an ideographic space of the cluster's two
/// columns, and curses lays out the rest of the row by the same width model
/// as everything else; after the frame, the screen writes each cluster whose
/// placeholder is still on screen over it, by absolute cursor address, then
/// the rest of its row again from where the model ends the cluster. Whatever
/// width the terminal gives the cluster, nothing after it on the row moves:
/// one that draws it narrower leaves a blank column, one that draws it wider
/// (a ZWJ sequence as its separate pictures) shows only what fits.
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
