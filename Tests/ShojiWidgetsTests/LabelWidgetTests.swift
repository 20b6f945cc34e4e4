import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

extension WidgetsSuite {
    /// A label's lines, cut to its width, redrawn by the rows that changed.
    @Suite @MainActor struct LabelWidgetTests {
        @Test func newLinesRedrawOnlyTheRowsThatChangedInPanelCoordinates() {
            let label = LabelWidget(["Tasks: 3", "Load: 0.5", "Uptime: 1d"])
            let layout = LayoutWidget(.rows, [LayoutItem(LabelWidget(["above"]), size: .fixed(2)),
                                              LayoutItem(label, size: .content)])
            let harness = WidgetHarness(layout, size: CellSize(width: 12, height: 8))
            defer { harness.end() }
            #expect(harness.snapshot().lines.prefix(5) == ["above", "", "Tasks: 3", "Load: 0.5", "Uptime: 1d"])
            var rows: [[Int]] = []
            label.onNeedsDisplayInRows = { rows.append($0) }
            label.show(["Tasks: 3", "Load: 0.7", "Uptime: 1d"])
            #expect(rows == [[3]], "only the load's row, below the 2 rows above it")
            label.show(["Tasks: 3", "Load: 0.7", "Uptime: 1d"])
            #expect(rows.count == 1, "the same lines ask for nothing")
            label.show(["Tasks: 3"])
            #expect(rows.last == [3, 4], "rows that went away are drawn again, empty")
            #expect(label.measuredHeight(forWidth: 12) == 1)
        }

        @Test func aLineWiderThanTheLabelIsCutWithAnEllipsis() {
            let label = LabelWidget()
            label.show(runs: [[TextRun("Load average: "), TextRun("0.52 0.58 0.59", Style(attributes: .bold))]])
            let harness = WidgetHarness(label, size: CellSize(width: 16, height: 2))
            defer { harness.end() }
            let line = harness.snapshot().lines[0]
            #expect(line.hasPrefix("Load average:") && line.hasSuffix("…"), "\(line)")
        }
    }
}
