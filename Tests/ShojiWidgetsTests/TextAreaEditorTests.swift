import ShojiCurses
import Testing
@testable import ShojiWidgets

/// The text area's editing model, without drawing: lines, grapheme clusters,
/// soft wrap by display width, vertical moves, words, undo and the size
/// bound. Widths come from the C library's locale, so these run in the
/// serialized widget suite with a UTF-8 locale.
extension WidgetsSuite {
    @Suite @MainActor struct TextAreaEditorTests {
        init() { useUTF8Locale() }

        private func editor(_ text: String, width: Int = 80, cursor: Int? = nil) -> TextAreaEditor {
            var editor = TextAreaEditor(text: text, width: width)
            if let cursor { for _ in cursor..<editor.characters.count { _ = editor.handle(.left) } }
            return editor
        }

        private func press(_ editor: inout TextAreaEditor, _ keys: TerminalKey...) {
            for key in keys { _ = editor.handle(key) }
        }

        private func rows(_ editor: inout TextAreaEditor) -> [String] {
            let layout = editor.layout()
            let characters = editor.characters
            return layout.rows.map { String(characters[$0.range]) }
        }

        @Test func enterSplitsALineAndBackspaceAndDeleteJoinThem() {
            var area = editor("onetwo", cursor: 3)
            #expect(area.handle(.enter) == .edited)
            #expect(area.text == "one\ntwo")
            #expect(area.cursor == 4, "at the start of the new line")
            #expect(area.handle(.backspace) == .edited)
            #expect(area.text == "onetwo", "Backspace at a line's start joins it to the line above")
            press(&area, .enter, .left)
            #expect(area.handle(.delete) == .edited)
            #expect(area.text == "onetwo", "Delete at a line's end joins the next line")
        }

        @Test func theCursorMovesByGraphemeClusterNeverInsideOne() {
            let decomposed = "e\u{301}"
            var area = editor("a\(decomposed)👩‍👩‍👧漢字b")
            #expect(area.characters.count == 6)
            var stops: [Int] = []
            while area.handle(.left) == .moved { stops.append(area.cursor) }
            #expect(stops == [5, 4, 3, 2, 1, 0])
            press(&area, .right, .right)
            #expect(area.handle(.backspace) == .edited)
            #expect(area.text == "a👩‍👩‍👧漢字b", "Backspace removes the whole é, accent and all")
            press(&area, .right)
            #expect(area.handle(.backspace) == .edited)
            #expect(area.text == "a漢字b", "and the whole family emoji")
        }

        @Test func aClusterTypedScalarByScalarBecomesOneCharacter() {
            var area = editor("")
            for scalar in "e\u{301}👩\u{200D}👧".unicodeScalars { press(&area, .character(Character(scalar))) }
            #expect(area.characters == ["e\u{301}", "👩\u{200D}👧"])
            #expect(area.cursor == 2)
        }

        @Test func rowsWrapAtSpacesByDisplayWidth() {
            var area = editor("the quick brown fox", width: 10)
            #expect(rows(&area) == ["the quick ", "brown fox"])
            #expect(area.layout().rows.map(\.endsLine) == [false, true], "a soft break, then the line's end")
            var wide = editor("漢字漢字漢字", width: 5)
            #expect(rows(&wide) == ["漢字", "漢字", "漢字"], "a wide character is never split across rows")
            var mixed = editor("ab漢字cd", width: 5)
            #expect(rows(&mixed) == ["ab漢", "字cd"])
            var family = editor("👩‍👩‍👧👩‍👩‍👧👩‍👩‍👧", width: 4)
            #expect(rows(&family) == ["👩‍👩‍👧👩‍👩‍👧", "👩‍👩‍👧"], "an emoji sequence is 2 columns")
            var long = editor("abcdefghij", width: 4)
            #expect(rows(&long) == ["abcd", "efgh", "ij"], "a word longer than a row breaks inside")
        }

        @Test func theCursorAtASoftBreakStandsAtTheStartOfTheNextRow() {
            var area = editor("the quick brown", width: 10, cursor: 10)
            let layout = area.layout()
            #expect(layout.row(containing: area.cursor) == 1)
            #expect(layout.column(of: area.cursor) == 0)
        }

        @Test func upAndDownKeepTheGoalColumnAcrossAShortLine() {
            var area = editor("abcdefgh\nab\nabcdefgh", cursor: 6)
            press(&area, .down)
            #expect(area.cursor == 11, "the end of the short line")
            press(&area, .down)
            #expect(area.cursor == 18, "column 6 again, not 2")
            press(&area, .up, .up)
            #expect(area.cursor == 6)
            press(&area, .up)
            #expect(area.cursor == 0, "Up on the first row goes to the start")
        }

        @Test func upAndDownMoveThroughWrappedRowsByColumnOfTheRow() {
            var area = editor("the quick brown fox", width: 10, cursor: 2)
            press(&area, .down)
            #expect(area.cursor == 12, "row 2 column 2: 'brown' at index 10")
            var wide = editor("ab漢字\nabcd", cursor: 3)  // after 漢: column 4
            press(&wide, .down)
            #expect(wide.cursor == 9, "column 4 of the next line")
            press(&wide, .left, .up)
            #expect(wide.cursor == 2, "column 3 falls inside 漢: the cursor stops before it")
        }

        @Test func homeAndEndGoToTheRowsEdgesControlAAndEToTheLines() {
            var area = editor("the quick brown fox", width: 10, cursor: 13)
            press(&area, .home)
            #expect(area.cursor == 10, "start of the row on screen")
            press(&area, .end)
            #expect(area.cursor == 19)
            press(&area, .up, .end)
            #expect(area.cursor == 9, "the end of a soft-broken row is before its last character (the space)")
            press(&area, .control("e"))
            #expect(area.cursor == 19, "Ctrl-E: the end of the whole line")
            press(&area, .control("a"))
            #expect(area.cursor == 0)
        }

        @Test func controlArrowsMoveByWords() {
            var area = editor("one, two\nthree")
            press(&area, .controlLeft)
            #expect(area.cursor == 9)
            press(&area, .controlLeft)
            #expect(area.cursor == 5, "across the newline to 'two'")
            press(&area, .controlLeft)
            #expect(area.cursor == 0, "past the comma and space to 'one'")
            press(&area, .controlRight)
            #expect(area.cursor == 3)
            press(&area, .controlRight)
            #expect(area.cursor == 8)
        }

        @Test func aRunOfTypingIsOneUndoStepAndAMoveEndsTheRun() {
            var area = editor("")
            for character in "hello" { press(&area, .character(character)) }
            press(&area, .left, .character("X"))
            #expect(area.text == "hellXo")
            #expect(area.handle(.control("_")) == .edited)
            #expect(area.text == "hello")
            #expect(area.handle(.control("/")) == .edited)
            #expect(area.text == "", "the five typed characters were one step")
            #expect(!TextAreaEditor.isEditingKey(.control("z")), "Ctrl-Z suspends, as everywhere")
            #expect(area.handle(.control("_")) == .ignored)
            #expect(area.handle(.control("y")) == .edited)
            #expect(area.text == "hello")
            #expect(area.cursor == 5)
            press(&area, .control("y"))
            #expect(area.text == "hellXo")
            #expect(!area.canRedo)
        }

        @Test func aRunOfBackspacesIsOneStepAndANewEditForgetsRedo() {
            var area = editor("abcdef")
            press(&area, .backspace, .backspace, .backspace)
            #expect(area.text == "abc")
            press(&area, .control("_"))
            #expect(area.text == "abcdef")
            #expect(area.cursor == 6)
            press(&area, .control("_"))
            #expect(area.text == "abcdef", "nothing before the initial text")
            press(&area, .control("y"))
            #expect(area.text == "abc")
            press(&area, .control("_"), .character("!"))
            #expect(!area.canRedo, "typing after an undo forgets what could be redone")
        }

        @Test func aPasteIsOneStepWithNewlinesKeptAndControlsDropped() {
            var area = editor("ab", cursor: 1)
            #expect(area.handle(.paste("x\r\ny\tz\u{1B}[0m\u{85}\u{7F}\rw")) == .edited)
            #expect(area.text == "ax\ny\tz[0m\nwb")
            #expect(area.cursor == 11)
            press(&area, .control("_"))
            #expect(area.text == "ab")
            #expect(area.cursor == 1)
        }

        @Test func theTextNeverPassesItsMaximumLength() {
            var area = TextAreaEditor(text: "abcdefgh", maximumLength: 5)
            #expect(area.text == "abcde", "an initial text is cut too")
            press(&area, .backspace, .backspace)
            #expect(area.handle(.paste("12345")) == .truncated)
            #expect(area.text == "abc12")
            #expect(area.handle(.character("z")) == .truncated)
            #expect(area.handle(.enter) == .truncated)
            #expect(area.text == "abc12")
            press(&area, .control("_"))
            #expect(area.text == "abc", "the truncated paste was one step")
        }

        @Test func tabsReachTheNextTabStop() {
            var area = editor("a\tb")
            let layout = area.layout()
            // Every multiple of 8, as the detail page, previews and terminals have them.
            #expect(layout.column(of: 2) == 8)
            #expect(TextAreaEditor.isEditingKey(.tab) == false, "Tab is the form's, not the editor's")
        }
    }
}
