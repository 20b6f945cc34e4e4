import Testing
import ShojiCurses
@testable import ShojiWidgets

/// The progress line's layouts, without a screen. `DisplayText.asciiOnly`
/// is process-wide: the ASCII test sets it and puts it back without
/// suspending, inside the widgets' serialized suite.
extension WidgetsSuite {
    @Suite @MainActor struct ProgressLineTests {
        private func line(_ progress: WorkProgress, width: Int, elapsed: Duration? = nil) -> String {
            ProgressLine(progress, width: width, frame: "⠹", elapsed: elapsed).text
        }

        @Test func aKnownTotalIsABarWithThePercentageAndTheCounts() {
            let progress = WorkProgress("Reading entries", completed: 31_000, total: 50_000)
            // 50 columns: the bar takes what the rest leaves, 6 cells, 3 done (62 % rounded down).
            #expect(line(progress, width: 50) == "Reading entries ▕███░░░▏  62 %  (31,000 of 50,000)")
            #expect(DisplayText.width(of: line(progress, width: 50)) == 50)
            // 80 columns: 36 cells, 22 done.
            #expect(line(progress, width: 80)
                    == "Reading entries ▕" + String(repeating: "█", count: 22) + String(repeating: "░", count: 14)
                    + "▏  62 %  (31,000 of 50,000)")
            // 160 columns: no wider than 40 cells, 24 done.
            #expect(line(progress, width: 160)
                    == "Reading entries ▕" + String(repeating: "█", count: 24) + String(repeating: "░", count: 16)
                    + "▏  62 %  (31,000 of 50,000)")
        }

        @Test func narrowWidthsDropTheCountsThenTheLabelThenTheBar() {
            let progress = WorkProgress("Reading entries", completed: 31_000, total: 50_000)
            #expect(line(progress, width: 30) == "Reading entries ▕███░░░▏  62 %")
            #expect(line(progress, width: 20) == "▕███████░░░░░▏  62 %")
            #expect(line(progress, width: 10) == "62 %")
        }

        @Test func barCellsAtSeveralWidthsAndFractions() {
            #expect(ProgressLine.barCells(fraction: 0, width: 10) == (0, 10))
            #expect(ProgressLine.barCells(fraction: 0.62, width: 10) == (6, 4))
            #expect(ProgressLine.barCells(fraction: 0.999, width: 40) == (39, 1), "full only when done")
            #expect(ProgressLine.barCells(fraction: 1, width: 40) == (40, 0))
            #expect(ProgressLine.barCells(fraction: 0.5, width: 7) == (3, 4))
            #expect(ProgressLine.barCells(fraction: 1.5, width: 4) == (4, 0))
            #expect(ProgressLine.barCells(fraction: 0.5, width: -3) == (0, 0))
        }

        @Test func noneAllAndANothingToDoTotal() {
            #expect(line(WorkProgress("Copying", completed: 0, total: 200), width: 40)
                    == "Copying ▕░░░░░░░░░░░░▏   0 %  (0 of 200)")
            #expect(line(WorkProgress("Copying", completed: 200, total: 200), width: 40)
                    == "Copying ▕██████████▏ 100 %  (200 of 200)")
            #expect(line(WorkProgress("Copying", completed: 0, total: 0), width: 40)
                    == "Copying ▕██████████████▏ 100 %  (0 of 0)")
        }

        @Test func bytesAreCountedInUnits() {
            let download = WorkProgress("Receiving", completed: 1_200_000, total: 4_000_000, unit: .bytes)
            #expect(line(download, width: 48) == "Receiving ▕███░░░░░░░▏  30 %  (1.2 MB of 4.0 MB)")
            #expect(line(WorkProgress("Receiving", completed: 1_234_567, unit: .bytes), width: 80, elapsed: .seconds(3))
                    == "⠹ Receiving… 1.2 MB  3.0 s")
        }

        @Test func anUnknownTotalIsTheSpinnerTheCountAndTheTimeSoFar() {
            #expect(line(WorkProgress("Reading entries", completed: 43_000), width: 80, elapsed: .milliseconds(1_250))
                    == "⠹ Reading entries… 43,000  1.2 s")
            #expect(line(WorkProgress("Reading entries"), width: 80, elapsed: .zero) == "⠹ Reading entries…  0.0 s",
                    "no count before there is one")
            #expect(line(WorkProgress("Reading entries"), width: 80) == "⠹ Reading entries…", "no clock, no time")
        }

        @Test func eachPartSaysWhatItIsForItsStyle() {
            // 40 columns: 14 cells for the bar, half done.
            let bar = ProgressLine(WorkProgress("Copying", completed: 1, total: 2), width: 40, frame: "⠋", elapsed: nil)
            #expect(bar.parts == [ProgressLine.Part("Copying ", .label), ProgressLine.Part("▕", .detail),
                                  ProgressLine.Part("███████", .barDone), ProgressLine.Part("░░░░░░░", .barLeft),
                                  ProgressLine.Part("▏", .detail), ProgressLine.Part("  50 %  (1 of 2)", .detail)])
            let spinner = ProgressLine(WorkProgress("Copying", completed: 3), width: 40, frame: "⠋", elapsed: nil)
            let roles = spinner.parts.map { $0.role }
            #expect(roles == [.spinner, .label, .detail])
            #expect(ProgressLine.maximumBarWidth == 40)
        }

        @Test func withoutUTF8TheBarIsASCII() {
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            let text = line(WorkProgress("Reading entries", completed: 31_000, total: 50_000), width: 50)
            #expect(text == "Reading entries [###---]  62 %  (31,000 of 50,000)")
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        }
    }
}
