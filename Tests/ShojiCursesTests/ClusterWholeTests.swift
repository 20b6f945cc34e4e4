import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Every grapheme cluster reaches the screen whole, in the columns the
    /// width model gives it, and the rest of its row stays where the model
    /// puts it: curses keeps only a cell's first spacing character, so a
    /// family emoji was written as `👨` and a joiner, a flag as `🇯`.
    @Suite @MainActor struct ClusterWholeTests {
        static let family = "👨\u{200D}👩\u{200D}👧"
        static let clusters = [
            family, "🇯🇵", "👍🏽", "✈\u{FE0F}", "1\u{FE0F}\u{20E3}", "漢", "e\u{301}",
            "👨\u{200D}👩\u{200D}👧\u{200D}👦",  // 7 scalars: more than a curses cell holds
        ]

        init() { TerminalScreen.headless(size: CellSize(width: 10, height: 2)).end() }

        /// A screen with each cluster on a row of its own, between `a` and `b|`.
        private func drawRows(on screen: TerminalScreen) -> TerminalPanel {
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                for (row, cluster) in Self.clusters.enumerated() {
                    canvas.text("a" + cluster + "b|", at: CellPoint(x: 0, y: row))
                }
            }
            return panel
        }

        @Test func eachClusterReadsBackWholeBetweenItsNeighbours() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: Self.clusters.count))
            defer { screen.end() }
            let panel = drawRows(on: screen)
            defer { withExtendedLifetime(panel) {} }
            let snapshot = screen.snapshot()
            for (row, cluster) in Self.clusters.enumerated() {
                #expect(snapshot.rows[row].prefix(4).map(\.text) == ["a", cluster, "b", "|"], "row \(row)")
                #expect(snapshot.lines[row] == "a" + cluster + "b|")
            }
        }

        @Test func theFrameCarriesEveryScalarOfEveryCluster() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: Self.clusters.count))
            defer { screen.end() }
            var frames: [String] = []
            screen.onFrameWritten = { frames.append(String(decoding: $0, as: UTF8.self)) }
            let panel = drawRows(on: screen)
            defer { withExtendedLifetime(panel) {} }
            screen.render()
            let frame = frames.joined()
            for cluster in Self.clusters {
                let scalars = cluster.unicodeScalars.map { String($0.value, radix: 16) }
                #expect(frame.utf8.contains(cluster.utf8), "\(scalars)")
            }
        }

        @Test func aClusterCoveredOrDrawnOverIsNotWrittenAgain() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 3))
            defer { screen.end() }
            var text = "a🇯🇵b"
            let below = screen.makePanel { CellRect(size: $0) }
            below.draw = { canvas in
                canvas.text(text, at: CellPoint(x: 0, y: 0))
                canvas.text("x✈\u{FE0F}y", at: CellPoint(x: 0, y: 1))
            }
            let above = screen.makePanel { _ in CellRect(x: 0, y: 1, width: 4, height: 1) }
            above.draw = { canvas in canvas.text("cove", at: .zero) }
            var frames: [String] = []
            screen.onFrameWritten = { frames.append(String(decoding: $0, as: UTF8.self)) }
            let snapshot = screen.snapshot()
            #expect(snapshot.lines[0] == "a🇯🇵b")
            #expect(snapshot.lines[1] == "cove")
            #expect(!(frames.last ?? "").contains("✈"), "a cluster under another panel stays hidden")
            text = "abcd"
            below.setNeedsDisplay()
            #expect(screen.snapshot().lines[0] == "abcd")
            #expect(!(frames.last ?? "").contains("🇯"), "a cluster drawn over is forgotten")
        }

        @Test func aCellKeepsTheWholeClusterUpToItsBound() {
            let cells = DisplayText.cells(Self.clusters[7] + "x")
            #expect(cells.map(\.width) == [2, 1])
            #expect(DisplayText.string(from: cells) == Self.clusters[7] + "x")
            let endless = "👍" + String(repeating: "\u{200D}👍", count: 500)
            #expect(DisplayText.cells(endless)[0].scalars.count == GraphemeWidth.maximumScalars)
        }
    }
}
