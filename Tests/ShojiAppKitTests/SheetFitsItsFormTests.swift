import Testing
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    /// A `FormSheet` sized by its form: it grows when errors appear, and a
    /// form taller than the screen allows scrolls, its buttons reachable.
    @Suite @MainActor struct SheetFitsItsFormTests {
        private static let fieldNames = ["Name", "Email", "Phone", "Company", "Street", "City"]

        /// A contact sheet: every empty field is in error on Save.
        private func contactSheet(saves: @escaping ([String: String]) -> Void) -> FormSheet<String> {
            let fields = Self.fieldNames.map { FormField(id: $0.lowercased(), label: $0) }
            let result = ResultChannel<String>()
            var form: FormWidget?
            let sheet = FormSheet(title: "New contact", fields: fields, result: result) { values in
                saves(values)
                var complete = true
                for name in Self.fieldNames {
                    let empty = values[name.lowercased(), default: ""].isEmpty
                    form?.setError(empty ? "\(name) is required" : nil, forField: name.lowercased())
                    complete = complete && !empty
                }
                if complete { result.complete(values["name"] ?? "") }
            }
            form = sheet.form
            return sheet
        }

        @Test func everyFieldInErrorOnASmallScreenKeepsSaveReachable() async {
            await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var saves: [[String: String]] = []
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(contactSheet { saves.append($0) }) { outcomes.append($0) }
                harness.press(.enter)
                #expect(saves.count == 1)
                #expect(harness.contains("Name is required"))
                for _ in Self.fieldNames { harness.press(.tab) }
                #expect(harness.contains("Save"), "Tab brought the buttons into sight")
                #expect(harness.contains("City is required"))
                harness.expectSnapshot("contact-save-focused")
                harness.press(.enter)
                #expect(saves.count == 2, "Enter on Save submits")
                #expect(outcomes.isEmpty, "still in error")
                // Back to the top: fill every field, then Save from the last.
                harness.press(.tab, .tab)  // Cancel, then round to Name
                for name in Self.fieldNames {
                    harness.type("x")
                    if name != Self.fieldNames.last { harness.press(.tab) }
                }
                harness.press(.tab)
                harness.press(.enter)
                #expect(outcomes == [.completed("x")])
            }
        }

        @Test func aSheetGrowsToShowTheErrorsThatAppear() async {
            await withScreenHarness(size: CellSize(width: 60, height: 24)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                app.presentSheet(contactSheet { _ in }) { _ in }
                let before = harness.lines.filter { $0.contains("│") }.count
                #expect(harness.contains("Save"))
                harness.press(.enter)
                let after = harness.lines.filter { $0.contains("│") }.count
                #expect(after == before + 6, "one error line under each field")
                #expect(harness.contains("Save") && harness.contains("City is required"))
            }
        }

        /// Errors set later, without a key (an async validation answered):
        /// the sheet measures its form again when it asks to be drawn, and
        /// grows to show them.
        @Test func aSheetGrowsForErrorsSetWithoutAKey() async {
            await withScreenHarness(size: CellSize(width: 60, height: 24)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let sheet = contactSheet { _ in }
                app.presentSheet(sheet) { _ in }
                harness.render()
                let before = harness.lines.filter { $0.contains("│") }.count
                for name in Self.fieldNames {
                    sheet.form.setError("\(name) is taken", forField: name.lowercased())
                }
                harness.render()
                let after = harness.lines.filter { $0.contains("│") }.count
                #expect(after == before + 6, "one error line under each field, with no key pressed")
                #expect(harness.contains("Save") && harness.contains("City is taken"))
            }
        }
    }
}
