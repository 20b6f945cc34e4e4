import Testing
import ShojiCurses
@testable import ShojiWidgets

@MainActor
private func signInForm() -> FormWidget {
    FormWidget(fields: [FormField(id: "user", label: "User"),
                        FormField(id: "password", label: "Password", isSecret: true)],
               buttons: ["Sign in", "Cancel"])
}

extension WidgetsSuite {
    @Suite @MainActor struct FormWidgetTests {
        @Test func drawsLabelsFieldsErrorsButtonsAndMessage() {
            let form = signInForm()
            let harness = WidgetHarness(form, size: CellSize(width: 34, height: 8))
            defer { harness.end() }
            form.type("漢字ab")
            form.press(.tab)
            form.type("secret")
            form.setError("Too short", forField: "password")
            form.message = FormMessage("Wrong user or password")
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [
                "User      漢字ab",
                "Password  ••••••",
                "          Too short",
                "",
                "          [ Sign in ]  [ Cancel ]",
                "",
                "          Wrong user or password",
                "",
            ])
            #expect(form.cursorPosition == CellPoint(x: 16, y: 1))
            #expect(snapshot.attributeLines[0] == "          UUUUUUUUUUUUUUUUUUUUUUUU")
            #expect(snapshot.attributeLines[1] == "          BBBBBBBBBBBBBBBBBBBBBBBB")
            form.press(.tab)
            let onButton = harness.snapshot()
            #expect(onButton.attributeLines[4] == "          RRRRRRRRRRR")
            #expect(onButton.attributeLines[1] == "          UUUUUUUUUUUUUUUUUUUUUUUU")
            #expect(form.cursorPosition == nil)
        }

        @Test func narrowFormsPutFieldsUnderLabelsAndScrollLongText() {
            let form = signInForm()
            let harness = WidgetHarness(form, size: CellSize(width: 12, height: 6))
            defer { harness.end() }
            form.type("alice@example.com")
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == ["User", "example.com", "Password", "", "", "[ Sign in ]"])
            #expect(form.cursorPosition == CellPoint(x: 11, y: 1))
            form.press(.home)
            #expect(harness.snapshot().lines[1] == "alice@exampl")
            #expect(form.cursorPosition == CellPoint(x: 0, y: 1))
        }

        @Test func editingInsertsDeletesAndClears() {
            let form = signInForm()
            form.type("alce")
            form.press(.left, .left)
            form.type("i")
            #expect(form.text(ofField: "user") == "alice")
            form.press(.backspace)
            #expect(form.text(ofField: "user") == "alce")
            form.press(.delete)
            #expect(form.text(ofField: "user") == "ale")
            form.press(.end)
            form.type("x")
            form.press(.home, .delete)
            #expect(form.text(ofField: "user") == "lex")
            form.press(.right, .control("u"))
            #expect(form.text(ofField: "user") == "ex")
            #expect(form.hasChanges)
        }

        @Test func printableKeysAreTextInAFieldIncludingQuitAndDigits() {
            let form = signInForm()
            #expect(form.isEditingText)
            #expect(form.press(.character("q"), .character("1"), .character("?"), .left, .left, .left, .left) ==
                [true, true, true, true, true, true, true])
            #expect(form.values == ["user": "q1?", "password": ""])
        }

        @Test func focusMovesThroughFieldsThenButtonsAndWraps() {
            let form = signInForm()
            var submitted: [[String: String]] = []
            var activated: [Int] = []
            form.onSubmit = { submitted.append($0) }
            form.onButton = { activated.append($0) }
            form.type("bob")
            form.press(.enter)
            #expect(submitted == [["user": "bob", "password": ""]])
            form.press(.tab)
            #expect(form.focus == .field(1))
            form.press(.down)
            #expect(form.focus == .button(0))
            #expect(!form.isEditingText)
            form.press(.enter, .right, .enter)
            #expect(activated == [0, 1])
            form.press(.tab)
            #expect(form.focus == .field(0))
            form.press(.backTab, .up)
            #expect(form.focus == .button(0))
            #expect(form.press(.character("q")) == [false])
        }

        @Test func changesAreReportedSoThePresenterCanValidate() {
            let form = signInForm()
            var changes: [String] = []
            form.onChange = { id, text in changes.append("\(id)=\(text)") }
            form.type("a")
            form.press(.tab)
            form.type("b")
            form.press(.left)
            #expect(changes == ["user=a", "password=b"])
            form.setError("Required", forField: "user")
            #expect(form.error(forField: "user") == "Required")
            form.setError(nil, forField: "user")
            #expect(form.error(forField: "user") == nil)
        }
    }
}

extension WidgetsSuite {
    /// Display widths depend on the process-wide locale, hence the serialized suite.
    @Suite @MainActor struct TextFieldEditorTests {
        init() { useUTF8Locale() }

        @Test func cursorMovesByCharactersNotScalars() {
            var editor = TextFieldEditor(text: "Cafe\u{301}📱")
            #expect(editor.cursor == 5)
            #expect(editor.handle(.backspace) == .edited)
            #expect(editor.text == "Cafe\u{301}")
            #expect(editor.handle(.backspace) == .edited)
            #expect(editor.text == "Caf")
            #expect(editor.handle(.right) == .ignored)
            #expect(editor.handle(.home) == .moved)
            #expect(editor.handle(.left) == .ignored)
            #expect(editor.handle(.backspace) == .ignored)
        }

        @Test func visibleTextScrollsToKeepTheCursorShown() {
            var editor = TextFieldEditor(text: "abcdefghij")
            #expect(editor.visible(width: 5) == ("ghij", 4))
            _ = editor.handle(.home)
            #expect(editor.visible(width: 5) == ("abcde", 0))
            for _ in 0..<3 { _ = editor.handle(.right) }
            #expect(editor.visible(width: 5) == ("abcde", 3))
            #expect(editor.visible(width: 5, mask: "•") == ("•••••", 3))
        }

        /// Found by the resize storm: a field drawn narrow, then wide, kept
        /// the scroll of the narrow draw, so it read differently from a
        /// fresh start at the same size.
        @Test func aFieldWithoutFocusShowsItsStartWhateverWidthsCameBefore() {
            var editor = TextFieldEditor(text: "abcdefghij")
            for _ in 0..<3 { _ = editor.handle(.left) }
            #expect(editor.visible(width: 3) == ("fgh", 2))
            #expect(editor.visible(width: 8, focused: false).text == "abcdefgh")
            var fresh = TextFieldEditor(text: "abcdefghij")
            for _ in 0..<3 { _ = fresh.handle(.left) }
            // Focused again: scrolled from the start, as a fresh field is.
            #expect(editor.visible(width: 5) == fresh.visible(width: 5))
            #expect(editor.visible(width: 5) == ("defgh", 4))
        }

        @Test func wideCharactersAreNeverSplitAtTheFieldEdge() {
            var editor = TextFieldEditor(text: "漢字テキスト")
            #expect(editor.visible(width: 6) == ("スト", 4))
            _ = editor.handle(.home)
            #expect(editor.visible(width: 5) == ("漢字", 0))
        }
    }
}
