import ShojiCurses
import ShojiWidgets
import Testing

/// A view that draws its own content: text in several styles on one line,
/// through the public `Canvas.draw(_:at:width:keepingEnd:)`.
@MainActor
private final class LabelledValue: Widget {
    let runs: [TextRun]
    let keepingEnd: Bool
    var onNeedsDisplay: (() -> Void)?
    var bindings: [KeyBinding] { [] }

    init(_ runs: [TextRun], keepingEnd: Bool = false) {
        self.runs = runs
        self.keepingEnd = keepingEnd
    }

    func draw(_ canvas: inout Canvas) { canvas.draw(runs, at: .zero, keepingEnd: keepingEnd) }
    func handle(_ key: TerminalKey) -> Bool { false }
}

extension WidgetsSuite {
    @Suite @MainActor struct StyledRunsTests {
        @Test func runsKeepTheirStylesAndAreCutOnceWithAnEllipsis() {
            let widget = LabelledValue([TextRun("CPU ", Style(attributes: .bold)), TextRun("漢字 and more text")])
            let harness = WidgetHarness(widget, size: CellSize(width: 12, height: 1))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines[0] == "CPU 漢字 an…", "12 columns: the wide characters count two each")
            #expect(snapshot.attributeLines[0].hasPrefix("BBB"))
            #expect(!snapshot.attributeLines[0].dropFirst(4).contains("B"), "the value is not bold")
        }

        @Test func keepingTheEndCutsTheStart() {
            let widget = LabelledValue([TextRun("/srv/data/photos/"), TextRun("cover.png")], keepingEnd: true)
            let harness = WidgetHarness(widget, size: CellSize(width: 12, height: 1))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0] == "…s/cover.png")
        }
    }
}
