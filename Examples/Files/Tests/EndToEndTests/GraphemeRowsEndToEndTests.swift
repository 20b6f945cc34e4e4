import Foundation
import ShojiEndToEnd
import Testing

/// Grapheme clusters through a real terminal: a file with one cluster a
/// line, between `a` and `b`, the line ending in `|` at the same column by
/// the width model, previewed in tmux. Each row of tmux's capture must hold
/// its cluster whole and the rest of the row where the model puts it, even
/// where tmux measures the cluster otherwise (it draws ✈️ one column wide,
/// and a family as its three pictures): curses wrote 👨‍👩‍👧 as `👨` and a
/// joiner, and everything after a cluster tmux measured differently shifted.
@Suite(.serialized)
struct GraphemeRowsEndToEndTests {
    static let clusters = ["👨\u{200D}👩\u{200D}👧", "🇯🇵", "👍🏽", "✈\u{FE0F}", "1\u{FE0F}\u{20E3}", "漢", "e\u{301}"]
    /// The model's column of each line's `|`.
    static let barColumn = 12

    /// The model's width of `cluster`: 1 for the accented letter, 2 for the rest.
    static func modelWidth(_ cluster: String) -> Int { cluster == "e\u{301}" ? 1 : 2 }

    /// The line of `cluster`, its `|` at `barColumn`.
    static func line(_ cluster: String) -> String {
        "a" + cluster + tail(cluster)
    }

    /// What follows the cluster: `b`, spaces, `|`.
    static func tail(_ cluster: String) -> String {
        "b" + String(repeating: " ", count: barColumn - 2 - modelWidth(cluster)) + "|"
    }

    /// The columns tmux moves its cursor by for `text` printed on its own.
    static func tmuxWidth(of text: String) throws -> Int {
        let terminal = try TmuxTerminal(width: 40, height: 5)
        try terminal.run("clear; printf 'X%s' '\(text)'; read line")
        _ = try terminal.waitFor { $0.first?.hasPrefix("X") == true }
        usleep(100_000)
        return (Int(try terminal.paneValue("#{cursor_x}")) ?? 1) - 1
    }

    @Test func eachClusterIsWholeAndTheRestOfItsRowInPlace() throws {
        let tree = Tree()
        let lines = Self.clusters.map(Self.line) + ["    indented", "col\tumn|"]
        tree.file("clusters.txt", Array(lines.joined(separator: "\n").utf8))
        let tmux = try Tmux(in: tree.path)
        try tmux.waitFor(text: "clusters.txt")
        // `l` previews the file (Enter would open it in the editor).
        try tmux.press("l")
        let screen = try tmux.waitFor { $0.contains { $0.hasSuffix(Self.tail("e\u{301}")) } }
        for cluster in Self.clusters {
            let scalars = cluster.unicodeScalars.map { String($0.value, radix: 16) }
            let model = Self.modelWidth(cluster)
            let drawn = try Self.tmuxWidth(of: cluster)
            if drawn <= model {
                // Whole, then a blank where tmux draws it narrower, then the rest in place.
                let expected = "a" + cluster + String(repeating: " ", count: model - drawn) + Self.tail(cluster)
                #expect(screen.contains { $0.hasPrefix(expected) }, "\(scalars) (tmux: \(drawn) columns): \(screen)")
            } else {
                // tmux draws it wider: what fits in the model's columns, then the rest in place.
                let first = String(cluster.unicodeScalars.first!)
                #expect(screen.contains { $0.hasPrefix("a" + first) && $0.hasSuffix(Self.tail(cluster)) },
                        "\(scalars) (tmux: \(drawn) columns): \(screen)")
            }
        }
        // Whitespace is kept: the indentation, and a tab to the next multiple of 8.
        #expect(screen.contains("    indented"), "\(screen)")
        #expect(screen.contains("col     umn|"), "\(screen)")
        try tmux.press("q")
        try tmux.waitFor(text: "EXIT:0")
    }
}
