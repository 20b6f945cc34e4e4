import ShojiCurses
import Testing
@testable import ShojiWidgets

/// The text area drawn on a headless 80x24 screen, alone and in a form:
/// what the user sees of wrapped rows, scrolling and the cursor.
extension WidgetsSuite {
    @Suite @MainActor struct TextAreaWidgetTests {
        @Test func wrapsAtTheWidthKeepingTheLastColumnForTheCursor() {
            let area = TextAreaWidget()
            let harness = WidgetHarness(area, size: CellSize(width: 80, height: 24))
            defer { harness.end() }
            // 79 columns of text: one row; the cursor after it is in column 79.
            area.type(String(repeating: "a", count: 79))
            var snapshot = harness.snapshot()
            #expect(snapshot.lines[0] == String(repeating: "a", count: 79))
            #expect(area.cursorPosition == CellPoint(x: 79, y: 0))
            area.type("b漢字")
            area.press(.enter)
            area.type("second line")
            snapshot = harness.snapshot()
            #expect(Array(snapshot.lines.prefix(3)) == [String(repeating: "a", count: 79), "b漢字", "second line"])
            #expect(area.cursorPosition == CellPoint(x: 11, y: 2))
        }

        @Test func scrollsToKeepTheCursorInViewAndBack() {
            let area = TextAreaWidget(text: (1...40).map { "line \($0)" }.joined(separator: "\n"))
            let harness = WidgetHarness(area, size: CellSize(width: 80, height: 24))
            defer { harness.end() }
            var snapshot = harness.snapshot()
            #expect(snapshot.lines[23] == "line 40", "the cursor starts at the end: the last rows are shown")
            #expect(snapshot.lines[0] == "line 17")
            #expect(area.firstVisibleRow == 16)
            #expect(area.cursorPosition == CellPoint(x: 7, y: 23))
            area.press(.pageUp, .pageUp)
            snapshot = harness.snapshot()
            #expect(snapshot.lines[0] == "line 1")
            for _ in 0..<30 { area.press(.down) }
            snapshot = harness.snapshot()
            #expect(snapshot.lines[23] == "line 31")
            #expect(area.cursorPosition?.y == 23)
            area.setFocused(false)
            _ = harness.snapshot()
            #expect(area.cursorPosition == nil, "no cursor without the keys")
        }

        @Test func aStandaloneAreaReportsEditsAndWhatItDropped() {
            let area = TextAreaWidget(maximumLength: 4)
            var texts: [String] = []
            var truncations = 0
            area.onChange = { texts.append($0) }
            area.onTruncated = { truncations += 1 }
            area.type("ab")
            #expect(area.handle(.paste("cdef")))
            #expect(texts == ["a", "ab", "abcd"])
            #expect(truncations == 1)
            #expect(area.editor.canUndo)
        }

        @Test func aFormWithAMultilineFieldEditsLinesAndLeavesItWithTabOnly() {
            let form = FormWidget(fields: [FormField(id: "title", label: "Title"),
                                           FormField(id: "body", label: "Body", text: "first", lines: 4)],
                                  buttons: ["Save"])
            let harness = WidgetHarness(form, size: CellSize(width: 80, height: 24))
            defer { harness.end() }
            form.press(.tab)
            #expect(form.focus == .field(1))
            #expect(form.isEditingText)
            form.press(.enter, .character("q"), .up, .down)
            #expect(form.focus == .field(1), "Enter, Up and Down edit the body: they do not submit or move focus")
            #expect(form.values["body"] == "first\nq")
            let snapshot = harness.snapshot()
            #expect(Array(snapshot.lines.prefix(7)) == ["Title", "Body   first", "       q", "", "", "", "       [ Save ]"])
            #expect(form.cursorPosition == CellPoint(x: 8, y: 2))
            #expect(form.hasChanges)
            form.press(.tab)
            #expect(form.focus == .button(0))
            form.press(.backTab)
            #expect(form.focus == .field(1))
        }

        @Test func aFullTextAreaSaysSoInTheFormsMessage() {
            let form = FormWidget(fields: [FormField(id: "body", label: "Body", lines: 3)], buttons: [])
            form.type(String(repeating: "x", count: 10))
            #expect(form.message == nil)
            let area = form.textArea(ofField: "body")
            #expect(area?.editor.maximumLength == TextAreaEditor.defaultMaximumLength)
            #expect(form.handle(.paste(String(repeating: "y", count: TextAreaEditor.defaultMaximumLength))))
            #expect(form.values["body"]?.count == TextAreaEditor.defaultMaximumLength)
            #expect(form.message?.text.contains("Body is full") == true)
        }
    }
}
