import Testing
import ShojiCurses
@testable import ShojiWidgets

/// The progress widget on virtual time: its spinner and its time so far
/// move only when the clock does, and it asks for redraws only on change.
extension WidgetsSuite {
    @Suite @MainActor struct ProgressWidgetTests {
        @Test func theSpinnerAndTheTimeSoFarAdvanceOnTheClock() {
            useUTF8Locale()
            let clock = VirtualLoopClock()
            let widget = ProgressWidget(clock: clock)
            let harness = WidgetHarness(widget, size: CellSize(width: 80, height: 24))
            defer { harness.end() }
            widget.progress = WorkProgress("Reading entries", completed: 43_000)
            #expect(harness.snapshot().lines[0] == "⠋ Reading entries… 43,000  0.0 s")
            clock.advance(by: .milliseconds(80))
            #expect(harness.snapshot().lines[0] == "⠙ Reading entries… 43,000  0.0 s")
            clock.advance(by: .milliseconds(1_120))
            // 15 frames of 80 ms: the sixth of ten; 1.2 s so far.
            #expect(harness.snapshot().lines[0] == "⠴ Reading entries… 43,000  1.2 s")
            widget.progress = WorkProgress("Reading entries", completed: 51_000)
            clock.advance(by: .seconds(61))
            #expect(harness.snapshot().lines[0].hasSuffix("Reading entries… 51,000  1:02"), "the count moved, the time kept on")
            #expect(harness.snapshot().lines[1] == "", "one line")
        }

        @Test func atWidthsItsBarFillsTheLine() {
            useUTF8Locale()
            let widget = ProgressWidget()
            let harness = WidgetHarness(widget, size: CellSize(width: 160, height: 48))
            defer { harness.end() }
            widget.progress = WorkProgress("Receiving", completed: 2_000_000, total: 4_000_000, unit: .bytes)
            #expect(harness.snapshot().lines[0] == "Receiving ▕" + String(repeating: "█", count: 20)
                    + String(repeating: "░", count: 20) + "▏  50 %  (2.0 MB of 4.0 MB)")
            harness.resize(CellSize(width: 30, height: 10))
            #expect(harness.snapshot().lines[0] == "Receiving ▕██████░░░░░░▏  50 %")
        }

        @Test func itAsksForARedrawOnlyWhenItsLineChanges() {
            let clock = VirtualLoopClock()
            let widget = ProgressWidget(clock: clock)
            var redraws = 0
            widget.onNeedsDisplay = { redraws += 1 }
            widget.progress = WorkProgress("Copying", completed: 10, total: 100)
            #expect(redraws == 1)
            widget.progress = WorkProgress("Copying", completed: 10, total: 100)
            #expect(redraws == 1, "the same progress again draws nothing")
            #expect(clock.pendingCount == 0, "a bar does not animate")
            clock.advance(by: .seconds(5))
            #expect(redraws == 1)
            widget.progress = WorkProgress("Copying", completed: 20)
            #expect(clock.pendingCount == 1, "the spinner form runs one timer")
            clock.advance(by: .milliseconds(160))
            #expect(redraws == 4, "one for the new progress, one per frame")
            widget.progress = nil
            #expect(clock.pendingCount == 0, "no progress, no timer")
            #expect(widget.line(width: 80) == nil)
        }

        @Test func theTimeSoFarStartsWithTheProgressAndAgainWithANewLabel() {
            let clock = VirtualLoopClock()
            clock.advance(by: .seconds(10))
            let widget = ProgressWidget(clock: clock)
            #expect(widget.elapsed == nil)
            widget.progress = WorkProgress("Reading")
            clock.advance(by: .seconds(2))
            widget.progress = WorkProgress("Reading", completed: 5)
            #expect(widget.elapsed == .seconds(2))
            widget.progress = WorkProgress("Sorting")
            #expect(widget.elapsed == .zero)
            widget.progress = nil
            #expect(widget.elapsed == nil)
            #expect(ProgressWidget().elapsed == nil, "no clock, no time")
        }

        @Test func aTableShowsItInItsBottomLineBesideItsStatus() {
            useUTF8Locale()
            let table = TableWidget(columns: [TableColumn("Name", width: .flexible(minimum: 4))],
                                    dataSource: FruitTable(rows: []))
            let harness = WidgetHarness(table, size: CellSize(width: 60, height: 5))
            defer { harness.end() }
            table.statusText = "hidden off"
            table.isLoading = true
            table.progress = WorkProgress("Reading entries", completed: 3_000)
            #expect(harness.snapshot().lines[4] == "⠋ Reading entries… 3,000" + String(repeating: " ", count: 26) + "hidden off")
            table.progress = WorkProgress("Reading entries", completed: 3_000, total: 4_000)
            #expect(harness.snapshot().lines[4] == "Reading entries ▕████░░▏  75 %  (3,000 of 4,000)  hidden off")
            table.isLoading = false
            #expect(harness.snapshot().lines[4].trimmingCharacters(in: .whitespaces) == "hidden off")
        }

        /// A status wider than the line loses its start, not all of it (it
        /// used to vanish): the position at its end stays in sight.
        @Test func aStatusTooWideForTheLineIsCutFromItsStart() {
            useUTF8Locale()
            let table = TableWidget(columns: [TableColumn("Name", width: .flexible(minimum: 4))],
                                    dataSource: FruitTable(rows: [["apple"], ["pear"]]))
            let harness = WidgetHarness(table, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            table.statusText = "sorted by CPU%, refresh paused"
            let line = harness.snapshot().lines[4]
            #expect(line.hasPrefix("…") && line.hasSuffix("paused  1/2"), "\(line)")
            #expect(line.count == 20)
        }
    }
}
