import Testing
import ShojiTesting
@testable import ShojiCurses
@testable import ShojiWidgets

@MainActor
private func preferencesForm() -> FormWidget {
    FormWidget(fields: [FormField(id: "name", label: "Name", text: "top"),
                        .checkbox(id: "tree", label: "Tree view", isOn: true),
                        .toggle(id: "pause", label: "Paused"),
                        .radio(id: "sort", label: "Sort by", options: ["CPU", "MEM", "PID"], selected: "MEM"),
                        .select(id: "delay", label: "Delay", options: ["1 s", "2 s", "5 s"])],
               buttons: ["Save", "Cancel"])
}

/// A form's controls: a checkbox, a switch, a radio group and a select,
/// changed by keys, kept as the fields' values, drawn on one line each.
extension WidgetsSuite {
    @Suite @MainActor struct FormControlsTests {
        @Test func controlsStartWithTheirValuesAndDrawOnALine() {
            useUTF8Locale()
            let form = preferencesForm()
            #expect(form.values == ["name": "top", "tree": "true", "pause": "false", "sort": "MEM", "delay": "1 s"])
            let harness = WidgetHarness(form, size: CellSize(width: 40, height: 8))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0..<5] == ["Name       top", "Tree view  [x]", "Paused     [off]",
                                                        "Sort by    ( ) CPU  (•) MEM  ( ) PID", "Delay      ‹ 1 s ›"])
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            #expect(harness.snapshot().lines[3...4] == ["Sort by    ( ) CPU  (*) MEM  ( ) PID", "Delay      < 1 s >"])
        }

        @Test func spaceAndTheArrowsChangeTheFocusedControl() {
            let form = preferencesForm()
            var changes: [String] = []
            form.onChange = { id, value in changes.append("\(id)=\(value)") }
            form.press(.tab, .character(" "))
            #expect(form.text(ofField: "tree") == "false")
            form.press(.down, .character(" "), .character(" "), .character(" "))
            #expect(form.text(ofField: "pause") == "true")
            form.press(.down, .right)
            #expect(form.text(ofField: "sort") == "PID")
            form.press(.right)
            #expect(form.text(ofField: "sort") == "CPU", "wraps round")
            form.press(.left, .left)
            #expect(form.text(ofField: "sort") == "MEM")
            form.press(.tab, .left)
            #expect(form.text(ofField: "delay") == "5 s")
            #expect(changes == ["tree=false", "pause=true", "pause=false", "pause=true", "sort=PID", "sort=CPU",
                                "sort=PID", "sort=MEM", "delay=5 s"])
            #expect(form.hasChanges)
        }

        @Test func aControlTakesNoTextSoTheAppsKeysStillWork() {
            let form = preferencesForm()
            #expect(form.isEditingText, "the name field")
            form.press(.tab)
            #expect(!form.isEditingText)
            #expect(!form.handle(.character("q")), "q is the app's on a checkbox")
            #expect(form.text(ofField: "tree") == "true")
            #expect(form.cursorPosition == nil)
            var submitted: [String: String]?
            form.onSubmit = { submitted = $0 }
            #expect(form.handle(.enter))
            #expect(submitted?["tree"] == "true")
            #expect(form.bindings.contains { $0.label == "change" })
        }

        @Test func aRadioOrSelectStartsOnItsFirstOptionWithoutAKnownChoice() {
            #expect(FormField.radio(id: "a", label: "A", options: ["x", "y"], selected: "z").initialText == "x")
            #expect(FormField.select(id: "b", label: "B", options: ["x", "y"]).initialText == "x")
            #expect(FormField.select(id: "b", label: "B", options: ["x", "y"]).options == ["x", "y"])
            #expect(FormField(id: "c", label: "C").kind == .text)
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func aFormOfControls(size: CellSize) async {
            await withScreenHarness(size: size, title: "top") { harness in
                let form = preferencesForm()
                form.press(.tab, .tab, .character(" "), .tab)  // the radio group has the focus
                let view = StackedWidgetsView([(form, size.height)])
                harness.router.setRoot(view)
                harness.render()
                harness.expectSnapshot("controls-\(size.width)x\(size.height)")
            }
        }
    }
}
