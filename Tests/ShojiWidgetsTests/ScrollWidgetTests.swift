import Testing
@testable import ShojiCurses
@testable import ShojiWidgets

extension WidgetsSuite {
    /// A form taller than its pane, in a scroll view.
    @Suite @MainActor struct ScrollWidgetTests {
        /// Six fields, each with an error under it: 6 x 2 rows, a gap, the buttons.
        private func formInError() -> FormWidget {
            let form = FormWidget(fields: (1...6).map { FormField(id: "f\($0)", label: "Field \($0)") },
                                  buttons: ["Save", "Cancel"])
            for index in 1...6 { form.setError("Field \(index) is required", forField: "f\(index)") }
            return form
        }

        @Test func tabKeepsTheFocusedFieldAndThenTheButtonsInSight() {
            useUTF8Locale()
            let form = formInError()
            let scroll = ScrollWidget(form)
            let harness = WidgetHarness(scroll, size: CellSize(width: 40, height: 6))
            defer { harness.end() }
            var lines = harness.snapshot().lines
            #expect(lines[0].hasPrefix("Field 1"))
            #expect(lines[5].hasSuffix("▼"), "more below")
            #expect(scroll.canScroll)
            for _ in 0..<6 { #expect(scroll.handle(.tab)) }
            #expect(form.focus == .button(0))
            lines = harness.snapshot().lines
            #expect(lines[5].contains("Save"), "the buttons are in sight")
            #expect(lines[0].hasSuffix("▲"), "more above")
            #expect(scroll.scrollOffset == 14 - 6)
            #expect(scroll.handle(.backTab))
            lines = harness.snapshot().lines
            #expect(lines.contains { $0.hasPrefix("Field 6") })
        }

        @Test func theCursorMovesWithTheScrollAndPageKeysScroll() {
            let form = formInError()
            let scroll = ScrollWidget(form)
            let harness = WidgetHarness(scroll, size: CellSize(width: 40, height: 6))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(scroll.cursorPosition == CellPoint(x: 9, y: 0))
            #expect(scroll.bindings.contains { $0.label == "scroll down" })
            #expect(scroll.handle(.pageDown))
            _ = harness.snapshot()
            #expect(scroll.scrollOffset == 5)
            #expect(scroll.cursorPosition == nil, "the focused field is out of sight")
            #expect(scroll.isEditingText)
            let wheel = MouseEvent(action: .wheelUp, position: CellPoint(x: 3, y: 2))
            #expect(scroll.handle(.mouse(wheel)))
            #expect(scroll.scrollOffset == 2)
        }

        /// A page of numbered rows that takes no key of its own.
        @MainActor private final class RowsPage: Widget {
            var onNeedsDisplay: (() -> Void)?
            var isEditingText = false
            func handle(_ key: TerminalKey) -> Bool {
                if isEditingText, case .character = key { return true }
                return false
            }
            func draw(_ canvas: inout Canvas) {
                for row in 0..<20 { canvas.text("row \(row)", at: CellPoint(x: 0, y: row)) }
            }
            func measuredHeight(forWidth width: Int) -> Int? { 20 }
        }

        @Test func upDownAndJKScrollByARow() {
            useUTF8Locale()
            let page = RowsPage()
            let scroll = ScrollWidget(page)
            let harness = WidgetHarness(scroll, size: CellSize(width: 20, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(scroll.press(.down, .character("j")) == [true, true])
            #expect(scroll.scrollOffset == 2)
            #expect(harness.snapshot().lines[0].hasPrefix("row 2"))
            #expect(scroll.handle(.character("k")))
            #expect(scroll.scrollOffset == 1)
            #expect(scroll.handle(.up))
            #expect(scroll.scrollOffset == 0)
            #expect(scroll.handle(.up), "at the top the key is still the scroll view's")
            #expect(scroll.scrollOffset == 0)
            #expect(scroll.bindings.contains { $0.label == "row down" && $0.keys == [.down, .character("j")] })
            page.isEditingText = true
            #expect(scroll.handle(.character("j")))
            #expect(scroll.scrollOffset == 0, "j is the child's text while it edits")
            #expect(scroll.bindings.contains { $0.label == "row down" && $0.keys == [.down] })
            #expect(scroll.handle(.down))
            #expect(scroll.scrollOffset == 1)
        }

        @Test func aFormThatFitsIsDrawnAsItIsWithoutMarks() {
            let form = FormWidget(fields: [FormField(id: "a", label: "Name")], buttons: ["OK"])
            let scroll = ScrollWidget(form)
            let harness = WidgetHarness(scroll, size: CellSize(width: 30, height: 6))
            defer { harness.end() }
            let lines = harness.snapshot().lines
            #expect(!scroll.canScroll)
            #expect(!lines.joined().contains("▼"))
            #expect(!scroll.bindings.contains { $0.label == "scroll down" })
            #expect(scroll.handle(.pageDown) == false)
        }

        @Test func aClickReachesTheChildInItsPageCoordinates() {
            let probe = ProbeWidget("p", height: 20)
            let scroll = ScrollWidget(probe)
            let harness = WidgetHarness(scroll, size: CellSize(width: 10, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            scroll.scroll(by: 4)
            #expect(scroll.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 2, y: 1)))))
            guard case .mouse(let event)? = probe.keys.last else {
                Issue.record("no click reached the child")
                return
            }
            #expect(event.position == CellPoint(x: 2, y: 5))
        }

        @Test func theChildsRowDamageIsKeptToTheRowsInView() {
            let probe = ProbeWidget("p", height: 20)
            let scroll = ScrollWidget(probe)
            var asked: [[Int]] = []
            scroll.onNeedsDisplayInRows = { asked.append($0) }
            let harness = WidgetHarness(scroll, size: CellSize(width: 10, height: 5))
            defer { harness.end() }
            _ = harness.snapshot()
            scroll.scroll(by: 4)
            _ = harness.snapshot()
            #expect(probe.drawnOrigin == CellPoint(x: 0, y: -4))
            probe.onNeedsDisplayInRows?([-1, 0, 4, 5])
            #expect(asked.last == [0, 4])
        }

        /// A layout of a header over a form, scrolled: Tab in the form
        /// brings its buttons into sight, the header's rows counted.
        @Test func aScrolledLayoutFollowsTheFocusInsideIt() {
            let form = formInError()
            let layout = LayoutWidget(.rows, [LayoutItem(ProbeWidget("h"), size: .fixed(2)),
                                              LayoutItem(form, size: .content, focusable: true)])
            #expect(layout.focusedRows(forWidth: 39) == 2..<4, "field 1 and its error, below the header")
            let scroll = ScrollWidget(layout)
            let harness = WidgetHarness(scroll, size: CellSize(width: 40, height: 6))
            defer { harness.end() }
            _ = harness.snapshot()
            for _ in 0..<6 { #expect(scroll.handle(.tab)) }
            let lines = harness.snapshot().lines
            #expect(lines[5].contains("Save"))
            #expect(scroll.scrollOffset == 16 - 6)
        }
    }
}
