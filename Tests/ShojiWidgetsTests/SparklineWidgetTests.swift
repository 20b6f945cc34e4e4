import Foundation
import Testing
import ShojiTesting
@testable import ShojiCurses
@testable import ShojiWidgets

/// The history graph: its scaling, its cells in braille, blocks and ASCII,
/// the bound on the samples it keeps, and the rows an append redraws.
extension WidgetsSuite {
    @Suite @MainActor struct SparklineWidgetTests {
        private func rows(_ values: [Double], width: Int, height: Int = 1, maximum: Double? = nil,
                          glyphs: SparklineGrid.Glyphs) -> [String] {
            var ring = SampleRing(capacity: 64)
            for value in values { ring.append(value) }
            let grid = SparklineGrid(ring, width: width, height: height, maximum: maximum, glyphs: glyphs)
            return (0..<height).map { grid.text(ofRow: $0) }
        }

        @Test func brailleTakesTwoSamplesACellScaledToTheLargest() {
            // Levels 1, 2 | 3, 4 of 4: dots from the bottom, left then right column.
            #expect(rows([1, 2, 3, 4], width: 2, glyphs: .braille) == ["⣠⣾"])
            // Two rows are eight levels: 8 fills the left column, 4 the lower right.
            #expect(rows([8, 4], width: 1, height: 2, glyphs: .braille) == ["⡇", "⣿"])
        }

        @Test func aFixedMaximumScalesToItRoundingToTheNearestLevel() {
            // Of 8 in 4 levels: 0.5, 1, 1.5, 2 round to 1, 1, 2, 2.
            #expect(rows([1, 2, 3, 4], width: 2, maximum: 8, glyphs: .braille) == ["⣀⣤"])
            // Past the maximum is full; a tiny value still shows.
            #expect(rows([0.01, 50], width: 2, maximum: 8, glyphs: .blocks) == ["▁█"])
        }

        @Test func blocksHaveEightLevelsARow() {
            #expect(rows(Array(1...8).map(Double.init), width: 8, glyphs: .blocks) == ["▁▂▃▄▅▆▇█"])
            #expect(rows([4, 16], width: 2, height: 2, glyphs: .blocks) == [" █", "▄█"])
        }

        @Test func asciiHasFourLevelsARow() {
            #expect(rows([1, 2, 3, 4], width: 4, glyphs: .ascii) == [".-=#"])
            #expect(rows([2, 8], width: 2, height: 2, glyphs: .ascii) == [" #", "-#"])
        }

        @Test func theNewestIsAtTheRightAndNothingIsEmpty() {
            #expect(rows([4], width: 3, glyphs: .blocks) == ["  █"])
            #expect(rows([0, .nan, 5], width: 3, glyphs: .blocks) == ["  █"])
            #expect(rows([0, 0], width: 2, glyphs: .blocks) == ["  "])
            #expect(rows([], width: 2, height: 2, glyphs: .braille) == ["  ", "  "])
            // Only what is shown sets the scale: the 100 has scrolled off.
            #expect(rows([100, 1, 2], width: 2, glyphs: .blocks) == ["▄█"])
        }

        @Test func itKeepsTwiceItsGraphsWidthOfSamples() {
            let graph = SparklineWidget(label: "CPU")
            #expect(graph.capacity == SparklineWidget.initialCapacity)
            let harness = WidgetHarness(graph, size: CellSize(width: 12, height: 2))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(graph.capacity == 16, "12 columns less the label's 4, twice")
            graph.append(contentsOf: (0..<100).map(Double.init))
            #expect(graph.values == (84..<100).map(Double.init))
            graph.values = [1, 2]
            #expect(graph.values == [1, 2])
        }

        @Test func theLabelTakesTheFirstRowsLeftAndTheGraphTheRest() {
            useUTF8Locale()
            let graph = SparklineWidget(label: "CPU", maximum: 8, look: .blocks)
            graph.values = (1...8).map(Double.init)
            let harness = WidgetHarness(graph, size: CellSize(width: 12, height: 2))
            defer { harness.end() }
            let shown = harness.snapshot()
            #expect(shown.lines[0] == "CPU     ▂▄▆█")
            #expect(shown.lines[1] == "    ▂▄▆█████")
        }

        @Test func withoutUTF8ItDrawsASCII() {
            useUTF8Locale()
            let graph = SparklineWidget(maximum: 4)
            graph.values = [1, 2, 3, 4]
            let harness = WidgetHarness(graph, size: CellSize(width: 6, height: 1))
            defer { harness.end() }
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            #expect(harness.snapshot().lines[0] == "  .-=#")
        }

        @Test func anAppendRedrawsOnlyTheRowsWhoseCellsChanged() {
            useUTF8Locale()
            let graph = SparklineWidget(maximum: 100, look: .blocks)
            graph.values = Array(repeating: 10, count: 5)  // 3 of 32 levels: the bottom row only
            let probe = DamageProbe(graph, size: CellSize(width: 20, height: 6), top: 1, height: 4)
            defer { probe.screen.end() }
            let full = probe.panel.drawCounts.full
            graph.append(10)
            var shown = probe.render()
            #expect(probe.panel.drawCounts.full == full)
            #expect(probe.panel.lastDrawnRows == [4])
            #expect(shown.lines[4] == String(repeating: " ", count: 14) + String(repeating: "▃", count: 6))
            #expect(shown == probe.fullRedraw())
            let partial = probe.panel.drawCounts.partial
            graph.append(90)
            shown = probe.render()
            #expect(probe.panel.drawCounts.partial == partial + 1)
            #expect(probe.panel.lastDrawnRows == [1, 2, 3, 4])
            #expect(shown == probe.fullRedraw())
        }

        @Test func aSteadySeriesThatFillsTheGraphRedrawsNothing() {
            useUTF8Locale()
            let graph = SparklineWidget(maximum: 100, look: .braille)
            graph.values = Array(repeating: 50, count: 40)
            let probe = DamageProbe(graph, size: CellSize(width: 20, height: 4), top: 0)
            defer { probe.screen.end() }
            let counts = probe.panel.drawCounts
            graph.append(50)
            _ = probe.render()
            #expect(probe.panel.drawCounts.full == counts.full)
            #expect(probe.panel.drawCounts.partial == counts.partial)
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func historyGraphs(size: CellSize) async {
            await withScreenHarness(size: size, title: "top") { harness in
                let wave = (0..<400).map { 50 + 45 * sin(Double($0) / 9) }
                let cpu = SparklineWidget(label: "CPU", maximum: 100)
                cpu.values = wave
                let memory = SparklineWidget(label: "Mem", look: .blocks)
                memory.values = (0..<400).map { Double($0 % 37) }
                let small = SparklineWidget(label: "Net", look: .blocks)
                small.values = [0, 1, 0, 3, 0, 7, 2]
                let view = StackedWidgetsView([(cpu, 4), (memory, 3), (small, 1)])
                harness.router.setRoot(view)
                harness.render()
                harness.expectSnapshot("graphs-\(size.width)x\(size.height)")
            }
        }
    }
}
