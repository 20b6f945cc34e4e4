import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

/// A widget that only records: what it was told, where its cursor is, how
/// tall it says it is.
@MainActor
final class ProbeWidget: Widget {
    let name: String
    var onNeedsDisplay: (() -> Void)?
    var onNeedsDisplayInRows: (([Int]) -> Void)?
    var height: Int?
    var width: Int?
    var keys: [TerminalKey] = []
    var takesKeys = true
    var focused: Bool?
    var cursor: CellPoint?
    var editing = false
    var drawnSize: CellSize?
    var drawnOrigin: CellPoint?
    lazy var probeBindings = [KeyBinding([.character(Character(name))], name) {}]

    init(_ name: String, height: Int? = nil, width: Int? = nil) {
        self.name = name
        self.height = height
        self.width = width
    }

    func draw(_ canvas: inout Canvas) {
        drawnSize = canvas.size
        drawnOrigin = canvas.originInPanel
        for row in 0..<canvas.size.height { canvas.text(String(repeating: name, count: canvas.size.width), at: CellPoint(x: 0, y: row)) }
    }
    func handle(_ key: TerminalKey) -> Bool {
        keys.append(key)
        return takesKeys
    }
    var bindings: [KeyBinding] { probeBindings }
    var isEditingText: Bool { editing }
    var cursorPosition: CellPoint? { cursor }
    func setFocused(_ focused: Bool) { self.focused = focused }
    func measuredHeight(forWidth width: Int) -> Int? { height }
    func measuredWidth(forHeight height: Int) -> Int? { width }
}

extension WidgetsSuite {
    /// How a layout shares its length among its children.
    @Suite @MainActor struct LayoutSizingTests {
        private func heights(_ items: [LayoutItem], in height: Int, width: Int = 20, spacing: Int = 0) -> [Int?] {
            LayoutWidget(.rows, items, spacing: spacing).frames(in: CellSize(width: width, height: height)).map { $0?.height }
        }

        @Test func fixedAndFractionTakeTheirsAndFillSharesTheRestByWeight() {
            let items = [LayoutItem(ProbeWidget("a"), size: .fixed(3)),
                         LayoutItem(ProbeWidget("b"), size: .fraction(0.25)),
                         LayoutItem(ProbeWidget("c"), size: .fill(1)),
                         LayoutItem(ProbeWidget("d"), size: .fill(2))]
            #expect(heights(items, in: 24) == [3, 6, 5, 10])
        }

        @Test func theRemainderOfASharedLengthGoesToTheLargestShares() {
            let shares = LayoutDemand.distribute(10, weights: [1, 1, 1])
            #expect(shares.reduce(0, +) == 10)
            #expect(shares == [4, 3, 3])
        }

        @Test func contentAsksTheChildAndAddsItsBorder() {
            let items = [LayoutItem(ProbeWidget("a", height: 4), size: .content),
                         LayoutItem(ProbeWidget("b", height: 2), size: .content, border: true),
                         LayoutItem(ProbeWidget("c"))]
            #expect(heights(items, in: 20) == [4, 4, 12])
        }

        @Test func contentWithoutAMeasureFills() {
            let items = [LayoutItem(ProbeWidget("a"), size: .content), LayoutItem(ProbeWidget("b"))]
            #expect(heights(items, in: 10) == [5, 5])
        }

        @Test func minimumAndMaximumClampEveryKind() {
            let items = [LayoutItem(ProbeWidget("a"), size: .fixed(1), minimum: 3),
                         LayoutItem(ProbeWidget("b", height: 9), size: .content, maximum: 5),
                         LayoutItem(ProbeWidget("c"), maximum: 4),
                         LayoutItem(ProbeWidget("d"))]
            // c's share (8) breaks its maximum: it gets 4 and d the rest.
            #expect(heights(items, in: 24) == [3, 5, 4, 12])
        }

        @Test func whenShortFillShrinksFirstThenContentNeverBelowMinimum() {
            let items = [LayoutItem(ProbeWidget("a", height: 6), size: .content, minimum: 2),
                         LayoutItem(ProbeWidget("b"), minimum: 1),
                         LayoutItem(ProbeWidget("c", height: 6), size: .content, minimum: 3)]
            // 6 + 1 + 6 = 13 on 10: the fill is at its minimum, the last content shrinks first.
            #expect(heights(items, in: 10) == [6, 1, 3])
            #expect(heights(items, in: 7) == [3, 1, 3])
        }

        @Test func whatDoesNotFitIsCutFromTheEndNeverOutside() {
            let items = [LayoutItem(ProbeWidget("a"), size: .fixed(4)),
                         LayoutItem(ProbeWidget("b"), size: .fixed(4)),
                         LayoutItem(ProbeWidget("c"), size: .fixed(4))]
            let frames = LayoutWidget(.rows, items).frames(in: CellSize(width: 10, height: 6))
            #expect(frames.map { $0?.height } == [4, 2, nil])
            #expect(frames.compactMap { $0 }.allSatisfy { $0.maxY <= 6 })
        }

        @Test func spacingSeparatesShownChildren() {
            let items = [LayoutItem(ProbeWidget("a")), LayoutItem(ProbeWidget("b"))]
            let frames = LayoutWidget(.columns, items, spacing: 2).frames(in: CellSize(width: 20, height: 5))
            #expect(frames == [CellRect(x: 0, y: 0, width: 9, height: 5), CellRect(x: 11, y: 0, width: 9, height: 5)])
        }

        @Test func aChildHiddenBelowASizeIsLaidOutAsAbsent() {
            let items = [LayoutItem(ProbeWidget("list")),
                         LayoutItem(ProbeWidget("detail"), hiddenBelow: CellSize(width: 100, height: 0))]
            let layout = LayoutWidget(.columns, items, spacing: 1)
            #expect(layout.frames(in: CellSize(width: 99, height: 10)).map { $0?.width } == [99, nil])
            #expect(layout.frames(in: CellSize(width: 101, height: 10)).map { $0?.width } == [50, 50])
        }

        @Test func aLayoutMeasuresItsChildren() {
            let rows = LayoutWidget(.rows, [LayoutItem(ProbeWidget("a"), size: .fixed(2)),
                                            LayoutItem(ProbeWidget("b", height: 3), border: true)], spacing: 1)
            #expect(rows.measuredHeight(forWidth: 30) == 8)
            let columns = LayoutWidget(.columns, [LayoutItem(ProbeWidget("a", height: 2)),
                                                  LayoutItem(ProbeWidget("b", height: 7))])
            #expect(columns.measuredHeight(forWidth: 30) == 7)
            let unknown = LayoutWidget(.rows, [LayoutItem(ProbeWidget("a"))])
            #expect(unknown.measuredHeight(forWidth: 30) == nil)
            let side = LayoutWidget(.columns, [LayoutItem(ProbeWidget("a"), size: .fixed(10)),
                                               LayoutItem(ProbeWidget("b", width: 6), border: true)], spacing: 1)
            #expect(side.measuredWidth(forHeight: 5) == 19)
            let stacked = LayoutWidget(.rows, [LayoutItem(ProbeWidget("a", width: 4)),
                                               LayoutItem(ProbeWidget("b", width: 9))])
            #expect(stacked.measuredWidth(forHeight: 5) == 9)
            #expect(unknown.measuredWidth(forHeight: 5) == nil)
        }

        @Test func aCollapsedCoveringChildIsMeasuredInThePlaceOfTheOneItCovers() {
            // Below its size the detail covers the list: the two share one
            // place, sized as the detail asks, so that is what is measured.
            let detail = LayoutItem(ProbeWidget("d", height: 9, width: 30),
                                    hiddenBelow: CellSize(width: 100, height: 20), collapse: .cover)
            let rows = LayoutWidget(.rows, [LayoutItem(ProbeWidget("h"), size: .fixed(2)),
                                            LayoutItem(ProbeWidget("l", height: 3)), detail], spacing: 1)
            #expect(rows.measuredHeight(forWidth: 50) == 12)
            #expect(rows.measuredHeight(forWidth: 120) == 16)
            let columns = LayoutWidget(.columns, [LayoutItem(ProbeWidget("l", width: 10)), detail])
            #expect(columns.measuredWidth(forHeight: 10) == 30)
            #expect(columns.measuredWidth(forHeight: 30) == 40)
            // Left out (`.hide`), it is not measured at all.
            let hidden = LayoutWidget(.rows, [LayoutItem(ProbeWidget("l", height: 3)),
                                              LayoutItem(ProbeWidget("d", height: 9), hiddenBelow: CellSize(width: 100, height: 0))])
            #expect(hidden.measuredHeight(forWidth: 50) == 3)
        }

        @Test func formsAlertsAndDetailsMeasureWhatTheyDraw() {
            let form = FormWidget(fields: [FormField(id: "a", label: "Name"), FormField(id: "b", label: "Mail")],
                                  buttons: ["Save", "Cancel"])
            #expect(form.measuredHeight(forWidth: 40) == 4)  // two fields, a gap, the buttons
            form.setError("required", forField: "a")
            #expect(form.measuredHeight(forWidth: 40) == 5)
            #expect(form.measuredHeight(forWidth: 10) == 7, "narrow: fields under their labels")
            let detail = DetailWidget(title: "Title", fields: [DetailField("k", "v")], paragraphs: ["text"])
            #expect(detail.measuredHeight(forWidth: 30) == 5)
            let alert = AlertWidget(title: "Sure?", message: "one two three", buttons: [AlertButton("OK")])
            #expect(alert.measuredHeight(forWidth: 40) == 5)
            #expect(alert.measuredHeight(forWidth: 9) == 7, "three lines of message at 5 columns")
        }
    }
}
