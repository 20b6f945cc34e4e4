import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A paste (one `TerminalKey.paste` event) is text for whatever field has
/// focus, and nothing at all anywhere else: never a burst of commands.
extension WidgetsSuite {
    @Suite @MainActor struct PasteTests {
        @Test func aFieldInsertsAPasteOnOneLineAtTheCursor() {
            var editor = TextFieldEditor(text: "ab")
            _ = editor.handle(.left)
            #expect(editor.handle(.paste("x\r\ny\tz\u{1B}[0m")) == .edited)
            #expect(editor.text == "ax y z [0mb")
            #expect(editor.handle(.paste("\n\n")) == .ignored, "only line breaks: nothing to insert")
            #expect(TextFieldEditor.isEditingKey(.paste("q")), "a field owns a paste even when it inserts nothing")
        }

        @Test func aFormFieldTakesAPaste() {
            let form = FormWidget(fields: [FormField(id: "email", label: "Email")], buttons: ["Sign in"])
            #expect(form.handle(.paste("alice@example.com\n")))
            #expect(form.values["email"] == "alice@example.com")
        }

        @Test func theListFilterTakesAPasteAndFilters() {
            let list = ListWidget(dataSource: phoneRows)
            list.openFilter()
            #expect(list.handle(.paste("3G")))
            #expect(list.filterQuery == "3G")
            #expect(list.positionText == "1 of 6", "one row matches")
        }

        @Test func aPasteOnAListIsNotABurstOfCommands() {
            let list = ListWidget(dataSource: phoneRows)
            // "jjj/" typed would move three rows and open the filter; pasted it does nothing.
            #expect(!list.handle(.paste("jjj/")))
            #expect(list.positionText == "1/6")
            #expect(!list.isEditingText)
        }
    }
}
