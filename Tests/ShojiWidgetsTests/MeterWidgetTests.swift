import Testing
import ShojiTesting
@testable import ShojiCurses
@testable import ShojiWidgets

/// The meter's bar: its arithmetic, its colours by value and by segment,
/// what it draws, and that it redraws only its row and only on change.
extension WidgetsSuite {
    @Suite @MainActor struct MeterWidgetTests {
        private func bars(_ count: Int) -> String { String(repeating: "|", count: count) }

        private func line(_ meter: MeterWidget, width: Int, theme: Theme = .standard) -> String {
            meter.line(width: width, theme: theme).runs.map(\.text).joined()
        }

        @Test func theFillRoundsToTheNearestCellAndShowsAnyLoad() {
            let cells = (1...10).map { MeterLine.filledCells(0.42, width: $0) }
            #expect(cells == [1, 1, 1, 2, 2, 3, 3, 3, 4, 4])
            #expect((1...10).map { MeterLine.filledCells(0.001, width: $0) } == Array(repeating: 1, count: 10))
            #expect((1...10).map { MeterLine.filledCells(0, width: $0) } == Array(repeating: 0, count: 10))
            #expect((1...10).map { MeterLine.filledCells(1, width: $0) } == Array(1...10))
            #expect(MeterLine.filledCells(0.94, width: 10) == 9)
            #expect(MeterLine.filledCells(0.95, width: 10) == 10)
            #expect(MeterLine.filledCells(7, width: 10) == 10, "clamped")
            #expect(MeterLine.filledCells(-1, width: 10) == 0, "clamped")
            #expect(MeterLine.filledCells(.nan, width: 10) == 0)
        }

        @Test func theBarsAtEveryWidthFromOneToTen() {
            let meter = MeterWidget(label: "", value: 0.5)
            // Below three columns there is no room for the brackets.
            let shown = (1...10).map { line(meter, width: $0 + 2) }
            #expect(shown == ["[|]", "[| ]", "[|| ]", "[||  ]", "[|||  ]", "[|||   ]", "[||||   ]",
                              "[||||    ]", "[|||||    ]", "[|||||     ]"])
            #expect(line(meter, width: 2) == "")
        }

        @Test func theTextSitsInTheBarsRightEndInTheBarsStyleWhereFilled() {
            useUTF8Locale()
            let meter = MeterWidget(label: "CPU1", value: 0.42, text: "42.0%")
            let harness = WidgetHarness(meter, size: CellSize(width: 30, height: 3))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0] == "CPU1 [" + bars(10) + String(repeating: " ", count: 8) + "42.0%]")
            meter.show(value: 1, text: "100.0%")
            #expect(harness.snapshot().lines[0] == "CPU1 [" + bars(17) + "100.0%]")
            let runs = meter.line(width: 30, theme: .standard).runs
            #expect(runs.last(where: { $0.text.contains("100.0%") })?.style == MeterLevels.standard.above,
                    "over a full bar the text takes the bar's colour")
            meter.show(value: 0.1, text: "10.0%")
            let empty = meter.line(width: 30, theme: .standard).runs
            #expect(empty.first { $0.text.contains("10.0%") }?.style == Theme.standard.secondary)
        }

        @Test func levelsColourTheBarByValue() {
            let levels = MeterLevels.standard
            #expect(levels.style(for: 0) == Style(foreground: .green))
            #expect(levels.style(for: 0.599) == Style(foreground: .green))
            #expect(levels.style(for: 0.6) == Style(foreground: .yellow))
            #expect(levels.style(for: 0.849) == Style(foreground: .yellow))
            #expect(levels.style(for: 0.85) == Style(foreground: .red, attributes: .bold))
            let high = Style(foreground: .magenta), low = Style(foreground: .blue), top = Style(foreground: .red)
            let custom = MeterLevels([.init(below: 0.9, high), .init(below: 0.5, low)], above: top)
            #expect(custom.style(for: 0.2) == low, "sorted by bound")
            #expect(custom.style(for: 0.7) == high)
            #expect(custom.style(for: 0.95) == top)
            let meter = MeterWidget(label: "", value: 0.7, levels: custom)
            #expect(meter.line(width: 12, theme: .standard).runs[1] == TextRun("|||||||", high))
            meter.value = 0.95
            #expect(meter.line(width: 12, theme: .standard).runs[1] == TextRun("||||||||||", top))
        }

        @Test func segmentsEndWhereTheirRunningSumRounds() {
            let used = Style(foreground: .green), buffers = Style(foreground: .blue), cache = Style(foreground: .yellow)
            let segments = [MeterSegment(0.3, used), MeterSegment(0.1, buffers), MeterSegment(0.2, cache)]
            #expect(MeterLine.segmentEnds(segments, width: 18) == [5, 7, 11])
            #expect(MeterLine.segmentEnds(segments, width: 1) == [1, 1, 1])
            #expect(MeterLine.segmentEnds([MeterSegment(0.7, used), MeterSegment(0.6, cache)], width: 10) == [7, 10])
            let meter = MeterWidget(label: "Mem", segments: segments)
            let runs = meter.line(width: 24, theme: .standard).runs
            #expect(runs.map(\.text).joined() == "Mem [|||||||||||       ]")
            #expect(runs[3...5].map(\.style) == [used, buffers, cache])
            #expect(runs[3...5].map(\.text) == ["|||||", "||", "||||"])
        }

        @Test func notANumberDrawsAnEmptyBarAndADash() {
            useUTF8Locale()
            let meter = MeterWidget(label: "Swp", value: .nan, text: "n/a")
            #expect(line(meter, width: 12) == "Swp [     –]")
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            #expect(line(meter, width: 12) == "Swp [     -]")
        }

        @Test func blocksPutTheTextAfterTheBarAndFallBackToASCII() {
            let meter = MeterWidget(label: "Load", value: 0.5, text: "1.20", look: .blocks)
            #expect(line(meter, width: 20) == "Load █████░░░░░ 1.20")
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            #expect(line(meter, width: 20) == "Load #####----- 1.20")
        }

        @Test func labelsPadToALabelWidthSoBarsLineUp() {
            let one = MeterWidget(label: "1", value: 0, labelWidth: 4)
            let ten = MeterWidget(label: "10", value: 0, labelWidth: 4)
            let long = MeterWidget(label: "Memory", value: 0, labelWidth: 4)
            #expect(line(one, width: 10) == "1    [   ]")
            #expect(line(ten, width: 10) == "10   [   ]")
            #expect(line(long, width: 10) == "Mem… [   ]")
        }

        @Test func aValueThatDrawsTheSameCellsAsksForNothingAnotherOnlyItsRow() {
            useUTF8Locale()
            let meter = MeterWidget(label: "CPU", value: 0.40, text: "40%")
            let probe = DamageProbe(meter, size: CellSize(width: 24, height: 6), top: 3)
            defer { probe.screen.end() }
            let counts = probe.panel.drawCounts
            meter.show(value: 0.41, text: "40%")  // 18 cells: 7.2 and 7.38 both round to 7
            _ = probe.render()
            #expect(probe.panel.drawCounts.full == counts.full)
            #expect(probe.panel.drawCounts.partial == counts.partial)
            meter.show(value: 0.9, text: "90%")
            let shown = probe.render()
            #expect(probe.panel.drawCounts.full == counts.full)
            #expect(probe.panel.drawCounts.partial == counts.partial + 1)
            #expect(probe.panel.lastDrawnRows == [3])
            #expect(shown.lines[3] == "CPU [" + bars(15) + "90%]")
            #expect(shown == probe.fullRedraw())
            meter.label = "CPU"  // the same text again
            _ = probe.render()
            #expect(probe.panel.drawCounts.partial == counts.partial + 1)
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func metersInAHeader(size: CellSize) async {
            await withScreenHarness(size: size, title: "top") { harness in
                let cpus = [0.05, 0.42, 0.71, 0.97].enumerated().map { index, value in
                    MeterWidget(label: "\(index + 1)", value: value, text: String(format: "%.1f%%", value * 100),
                                labelWidth: 3)
                }
                let memory = MeterWidget(label: "Mem", text: "6.1G/15.6G",
                                         segments: [MeterSegment(0.3, Style(foreground: .green)),
                                                    MeterSegment(0.05, Style(foreground: .blue)),
                                                    MeterSegment(0.25, Style(foreground: .yellow))],
                                         labelWidth: 3)
                let swap = MeterWidget(label: "Swp", value: .nan, labelWidth: 3)
                let load = MeterWidget(label: "Load", value: 0.3, text: "0.30 0.25 0.20", look: .blocks)
                let view = StackedWidgetsView(cpus.map { ($0, 1) } + [(memory, 1), (swap, 1), (load, 1)])
                harness.router.setRoot(view)
                harness.render()
                harness.expectSnapshot("meters-\(size.width)x\(size.height)")
            }
        }
    }
}
