import CShojiCurses
#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif

extension TerminalScreen {
    /// Writes, after a frame, every cluster curses could not hold whose
    /// placeholder is on screen (see ``ClusterOverlays``), each followed by
    /// the rest of its row, then puts the cursor back where the frame left it.
    func writeClusterOverlays() {
        let visible = visibleClusterOverlays().sorted { ($0.0.y, $0.0.x) < ($1.0.y, $1.0.x) }
        guard !visible.isEmpty else { return }
        let descriptor = output.cursesDescriptor >= 0 ? output.cursesDescriptor : STDOUT_FILENO
        // Reading cells moves curscr's cursor: the frame's is put back after.
        let composed = cn_curscr()
        var cursorY: Int32 = 0, cursorX: Int32 = 0
        cn_getyx(composed, &cursorY, &cursorX)
        for (index, (point, entry)) in visible.enumerated() {
            // The row is written again up to the next such cluster on it.
            let next = visible.indices.contains(index + 1) ? visible[index + 1].0 : nil
            let end = next.flatMap { $0.y == point.y ? $0.x : nil } ?? size.width
            entry.scalars.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: wchar_t.self) { characters in
                    _ = cn_overlay_cluster(descriptor, Int32(point.y), Int32(point.x), characters.baseAddress,
                                           Int32(characters.count), entry.attributes, entry.pair, 2, Int32(end))
                }
            }
        }
        wmove(composed, cursorY, cursorX)
        _ = cn_overlay_end(descriptor, cursorY, cursorX)
    }

    /// The clusters whose placeholder the composed screen (curscr) shows, by
    /// screen position: not covered by a panel above, not drawn over since.
    func visibleClusterOverlays() -> [(CellPoint, ClusterOverlays.Entry)] {
        let panels = allPanels
        // Most frames hold no such cluster anywhere: nothing to read back.
        var anyOverlay = false
        for panel in panels where !panel.overlays.isEmpty {
            anyOverlay = true
            break
        }
        guard anyOverlay else { return [] }
        let composed = cn_curscr()
        // Reading a cell moves curscr's cursor to it: put it back after.
        var cursorY: Int32 = 0, cursorX: Int32 = 0
        cn_getyx(composed, &cursorY, &cursorX)
        defer { wmove(composed, cursorY, cursorX) }
        var result: [(CellPoint, ClusterOverlays.Entry)] = []
        var buffer = [wchar_t](repeating: 0, count: Int(cn_cchar_max()) + 2)
        var current = panel_above(nil)
        while let pointer = current {
            current = panel_above(pointer)
            // A loop, not `first(where:)`: a main-actor closure checks its
            // executor at every call, once per panel per frame here.
            var found: TerminalPanel?
            for panel in panels where panel.panelPointer == pointer {
                found = panel
                break
            }
            guard let panel = found, !panel.isHidden, !panel.overlays.isEmpty else { continue }
            var top: Int32 = 0, left: Int32 = 0
            cn_getbegyx(panel.window, &top, &left)
            for (point, entry) in panel.overlays.entries.sorted(by: { ($0.key.y, $0.key.x) < ($1.key.y, $1.key.x) }) {
                let y = Int32(point.y) + top, x = Int32(point.x) + left
                var attributes: attr_t = 0
                var pair: Int16 = 0
                let count = cn_read_cell(composed, y, x, &buffer, &attributes, &pair)
                if ClusterOverlays.holds(buffer, count: count, pair: pair, entry) {
                    result.append((CellPoint(x: Int(x), y: Int(y)), entry))
                }
            }
        }
        return result
    }
}
