import ShojiCurses
import Testing
@testable import ShojiWidgets

/// Ctrl-W, Ctrl-K and a click in the text area, drawn on a headless screen:
/// what the user sees after each, alone and inside a form.
extension WidgetsSuite {
    @Suite @MainActor struct TextAreaDeletionAndClickTests {
        init() { useUTF8Locale() }

        @Test func controlWDeletesTheWordBeforeTheCursorAndUndoBringsItBack() {
            let area = TextAreaWidget(text: "buy milk and  eggs")
            let harness = WidgetHarness(area, size: CellSize(width: 40, height: 4))
            defer { harness.end() }
            area.press(.control("w"))
            #expect(harness.snapshot().lines[0] == "buy milk and")
            #expect(area.text == "buy milk and  ")
            area.press(.control("w"))
            #expect(harness.snapshot().lines[0] == "buy milk")
            #expect(area.text == "buy milk ", "the spaces after the word it deletes go with it")
            #expect(area.cursorPosition == CellPoint(x: 9, y: 0))
            area.press(.control("_"))
            #expect(area.text == "buy milk and  ", "one undo step per Ctrl-W")
            // At the start of the text there is nothing to delete, but the key is still the area's.
            let start = TextAreaWidget(text: "x")
            start.press(.left)
            #expect(start.handle(.control("w")))
            #expect(start.text == "x")
        }

        @Test func controlKDeletesToTheLineEndThenJoinsTheNextLine() {
            let area = TextAreaWidget(text: "first line\nsecond")
            let harness = WidgetHarness(area, size: CellSize(width: 40, height: 4))
            defer { harness.end() }
            area.press(.up, .home, .right, .right, .right, .right, .right)
            area.press(.control("k"))
            #expect(Array(harness.snapshot().lines.prefix(2)) == ["first", "second"])
            area.press(.control("k"))
            #expect(Array(harness.snapshot().lines.prefix(2)) == ["firstsecond", ""], "at the line's end: joins")
            #expect(area.cursorPosition == CellPoint(x: 5, y: 0))
            area.press(.end, .control("k"))
            #expect(area.text == "firstsecond", "nothing after the last line")
        }

        @Test func aClickPlacesTheCursorOnTheCellClickedAfterTheScroll() {
            let area = TextAreaWidget(text: (1...10).map { "line \($0)" }.joined(separator: "\n"))
            let harness = WidgetHarness(area, size: CellSize(width: 40, height: 4))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0] == "line 7", "the end is in view")
            #expect(area.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 2, y: 1)))))
            _ = harness.snapshot()
            #expect(area.cursorPosition == CellPoint(x: 2, y: 1))
            area.type("X")
            #expect(harness.snapshot().lines[1] == "liXne 8", "typing goes where the click was")
            // Past a row's end: the row's end; below the last row: the text's end.
            area.press(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 30, y: 0))))
            area.type("!")
            #expect(harness.snapshot().lines[0] == "line 7!")
            #expect(!area.handle(.mouse(MouseEvent(action: .wheelDown, position: CellPoint(x: 0, y: 0)))),
                    "the wheel is not the area's")
        }

        @Test func placeCursorFindsTheNearestCharacterOfARowOfTheLayout() {
            var editor = TextAreaEditor(text: "漢字 and\nshort", width: 80)
            #expect(editor.placeCursor(row: 0, column: 3) == .moved)
            #expect(editor.cursor == 1, "column 3 is inside 字, which starts at column 2")
            #expect(editor.placeCursor(row: 1, column: 50) == .moved)
            #expect(editor.cursor == editor.characters.count, "past the row's end: its end")
            #expect(editor.placeCursor(row: 9, column: 0) == .ignored, "below the last row: the end, where it is")
        }

        @Test func aClickInAFormsTextAreaFocusesItAndPlacesTheCursor() {
            let form = FormWidget(fields: [FormField(id: "title", label: "Title"),
                                           FormField(id: "body", label: "Body", text: "first\nsecond", lines: 4)],
                                  buttons: ["Save"])
            let harness = WidgetHarness(form, size: CellSize(width: 60, height: 10))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(form.focus == .field(0))
            // The body is drawn at column 7, rows 1-4: "second" is on row 2.
            form.press(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 10, y: 2))))
            #expect(form.focus == .field(1))
            form.press(.control("k"))
            let snapshot = harness.snapshot()
            #expect(Array(snapshot.lines.prefix(3)) == ["Title", "Body   first", "       sec"])
            #expect(form.cursorPosition == CellPoint(x: 10, y: 2))
            #expect(!form.handle(.mouse(MouseEvent(action: .press, button: .left, position: CellPoint(x: 0, y: 9)))),
                    "a click outside every area is not the form's")
        }
    }
}
