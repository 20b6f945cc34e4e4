import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A data source that counts the filter's searches: a paste runs the
/// filter once, whatever its length.
@MainActor
final class SearchCountingSource: ListDataSource {
    let count: Int
    private(set) var searches = 0
    private(set) var titlesRead = 0
    init(count: Int) { self.count = count }
    func row(at index: Int) -> ListRow { ListRow(title: "Item \(index)") }
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        searches += 1
        var found: [Int] = []
        for index in candidates ?? Array(0..<count) {
            titlesRead += 1
            if query.matches("Item \(index)") { found.append(index) }
        }
        return found
    }
}

/// A megabyte pasted into every kind of field: one event, the field's
/// limit kept (newlines as spaces on one line, as newlines in a text area),
/// the cut said, and the work done per paste counted, not timed: one filter
/// run, one change reported, as many redraws asked for as a short paste.
extension WidgetsSuite {
    @Suite @MainActor struct PasteLimitTests {
        /// 1 MiB: 65,536 lines of 15 characters and a newline.
        static let megabyte = String(repeating: "0123456789abcde\n", count: 65_536)
        /// The start of `megabyte` on one line in at most `count` characters
        /// (a space is added only before more text).
        static func oneLine(_ count: Int) -> String {
            var line = String(repeating: "0123456789abcde ", count: count / 16 + 1).prefix(count)
            while line.last == " " { line.removeLast() }
            return String(line)
        }

        @Test func aMegabyteInTheListFilterKeeps256CharactersAndFiltersOnce() {
            #expect(Self.megabyte.utf8.count == 1 << 20)
            let source = SearchCountingSource(count: 1_000)
            let list = ListWidget(dataSource: source)
            var redraws = 0
            list.onNeedsDisplay = { redraws += 1 }
            let harness = WidgetHarness(list, size: CellSize(width: 80, height: 6))
            defer { harness.end() }
            list.openFilter()
            redraws = 0
            #expect(list.handle(.paste(Self.megabyte)))
            #expect(list.filterQuery == Self.oneLine(256), "cut to the filter's limit, newlines as spaces")
            #expect(list.filterMaximumLength == ListWidget.defaultFilterLength)
            #expect(source.searches == 1, "one paste, one filter run")
            #expect(source.titlesRead == 1_000, "one pass over the rows")
            let pasteRedraws = redraws
            let snapshot = harness.snapshot()
            #expect(snapshot.lines.last == "/" + Self.oneLine(256).suffix(44) + "  pasted text cut to 256 characters",
                    "the filter bar says the paste was cut; the field shows its end")
            // A short paste asks for as many redraws as the megabyte did.
            list.clearFilter()
            list.openFilter()
            redraws = 0
            #expect(list.handle(.paste("It\nem")))
            #expect(list.filterQuery == "It em")
            #expect(redraws == pasteRedraws)
            #expect(source.searches == 2)
        }

        @Test func theFilterTakesWhatRoomIsLeftAndAFullFilterSaysSo() {
            let list = ListWidget(dataSource: SearchCountingSource(count: 10), filterMaximumLength: 8)
            let harness = WidgetHarness(list, size: CellSize(width: 60, height: 4))
            defer { harness.end() }
            list.openFilter()
            list.press(.character("a"), .character("b"))
            #expect(list.handle(.paste("cdefghijkl")))
            #expect(list.filterQuery == "abcdefgh")
            #expect(harness.snapshot().lines.last?.hasSuffix("pasted text cut to 8 characters") == true)
            #expect(list.handle(.character("z")), "a full field still owns the key")
            #expect(list.filterQuery == "abcdefgh")
            #expect(harness.snapshot().lines.last?.hasSuffix("at most 8 characters") == true)
            list.press(.backspace)
            #expect(harness.snapshot().lines.last?.hasSuffix("0 of 10") == true, "the notice lasts one key")
        }

        @Test func aMegabyteInAFormFieldAndASecretFieldKeepsTheirLimits() {
            let form = FormWidget(fields: [
                FormField(id: "email", label: "Email"),
                FormField(id: "password", label: "Password", isSecret: true),
                FormField(id: "code", label: "Code", maximumLength: 6),
            ], buttons: ["Sign in"])
            var changes: [String] = []
            form.onChange = { id, _ in changes.append(id) }
            let harness = WidgetHarness(form, size: CellSize(width: 60, height: 10))
            defer { harness.end() }
            #expect(form.handle(.paste(Self.megabyte)))
            #expect(form.values["email"] == Self.oneLine(TextFieldEditor.defaultMaximumLength))
            #expect(form.message?.text == "Email: pasted text cut to 1024 characters")
            form.moveFocus(by: 1)
            #expect(form.handle(.paste(Self.megabyte)))
            #expect(form.values["password"] == Self.oneLine(1_024))
            #expect(form.message?.text == "Password: pasted text cut to 1024 characters")
            let password = harness.snapshot().lines.first { $0.hasPrefix("Password") } ?? ""
            #expect(password.contains("•") && !password.contains("0123"), "the secret is masked, however it came")
            form.moveFocus(by: 1)
            #expect(form.handle(.paste("123\n456789")))
            #expect(form.values["code"] == "123 45")
            #expect(changes == ["email", "password", "code"], "one change reported per paste")
        }

        @Test func aMegabyteInATextAreaKeepsItsLimitWithItsNewlines() {
            let form = FormWidget(fields: [FormField(id: "body", label: "Body", lines: 4)], buttons: ["Save"])
            var changes = 0
            form.onChange = { _, _ in changes += 1 }
            var redraws = 0
            form.onNeedsDisplay = { redraws += 1 }
            #expect(form.handle(.paste(Self.megabyte)))
            let body = form.values["body"] ?? ""
            #expect(body.count == TextAreaEditor.defaultMaximumLength)
            #expect(body == String(Self.megabyte.prefix(TextAreaEditor.defaultMaximumLength)), "newlines kept")
            #expect(changes == 1, "one paste, one change")
            #expect(form.message?.text == "Body is full: at most 100000 characters; the rest was not added")
            // As many redraws asked for as a short paste.
            let short = FormWidget(fields: [FormField(id: "body", label: "Body", lines: 4)], buttons: ["Save"])
            var shortRedraws = 0
            short.onNeedsDisplay = { shortRedraws += 1 }
            #expect(short.handle(.paste("a\nb")))
            #expect(redraws == shortRedraws + 1, "plus the message saying it was cut")
        }

        @Test func aMegabyteInThePaletteQueryKeeps256Characters() {
            let palette = CommandPalette(bindings: [KeyBinding([.character("r")], "reload") {}])
            var redraws = 0
            palette.onNeedsDisplay = { redraws += 1 }
            let harness = WidgetHarness(palette, size: CellSize(width: 60, height: 8))
            defer { harness.end() }
            #expect(palette.handle(.paste(Self.megabyte)))
            #expect(palette.query == Self.oneLine(256))
            #expect(palette.notice == "pasted text cut to 256 characters")
            #expect(palette.matches.isEmpty)
            #expect(redraws == 1)
            #expect(harness.snapshot().lines.contains { $0.contains("pasted text cut to 256 characters") })
        }

        @Test func controlCharactersInAPasteNeverReachAField() {
            var editor = TextFieldEditor(maximumLength: 100)
            #expect(editor.handle(.paste("\u{1B}]0;title\u{07}a\u{9B}31mb\u{7F}c\r\n")) == .edited)
            #expect(editor.text == "]0;title a 31mb c", "escapes, C1 controls and DEL become spaces, none at the ends")
            #expect(editor.notice == nil)
        }

        @Test func aFieldShowsTheEndOfALongTextWhereTheCursorIs() {
            var editor = TextFieldEditor(text: String(repeating: "漢", count: 500) + "end", maximumLength: 1_000)
            let (text, column) = editor.visible(width: 10)
            #expect(text == "漢漢漢end", "wide characters that fit before the cursor's cell")
            #expect(column == 9)
            _ = editor.handle(.home)
            #expect(editor.visible(width: 10) == ("漢漢漢漢漢", 0))
            #expect(editor.visible(width: 10, mask: "•", focused: false).text == "••••••••••")
        }
    }
}
