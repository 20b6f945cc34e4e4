import Testing
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    /// `FormSheet`: Save, Cancel and Ctrl-S come from the kit, and Esc after
    /// an edit asks before the edit is thrown away.
    @Suite @MainActor struct FormSheetTests {
        /// A sheet over a title and, with `body`, a multi-line body.
        private func makeSheet(body: Bool) -> FormSheet<String> {
            var fields = [FormField(id: "title", label: "Title", text: "Milk")]
            if body { fields.append(FormField(id: "body", label: "Body", lines: 3)) }
            let result = ResultChannel<String>()
            let sheet = FormSheet(title: "Edit note", fields: fields, result: result) { values in
                result.complete((values["title"] ?? "") + "|" + (values["body"] ?? ""))
            }
            return sheet
        }

        @Test func escWithoutAnEditLeavesAtOnce() async {
            await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(makeSheet(body: false)) { outcomes.append($0) }
                harness.press(.escape)
                #expect(outcomes == [.cancelled(.back)])
                #expect(!harness.contains("Discard changes?"))
            }
        }

        @Test func escAfterAnEditAsksAndKeepEditingKeepsTheEdit() async {
            await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(makeSheet(body: false)) { outcomes.append($0) }
                harness.type(" and eggs")
                harness.press(.escape)
                #expect(harness.contains("Discard changes?"))
                #expect(outcomes.isEmpty, "the edit is not dropped silently")
                harness.press(.enter)  // the focus starts on "Keep editing"
                #expect(!harness.contains("Discard changes?"))
                #expect(harness.contains("Milk and eggs"))
                #expect(outcomes.isEmpty)
                harness.press(.escape)
                harness.press(.left, .enter)  // Discard
                #expect(outcomes == [.cancelled(.back)])
                #expect(harness.router.entries.count == 1, "the sheet and the question are gone")
                #expect(!harness.contains("Edit note"))
            }
        }

        @Test func escOnTheQuestionKeepsTheSheet() async {
            await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(makeSheet(body: false)) { outcomes.append($0) }
                harness.type("!")
                harness.press(.escape)
                harness.press(.escape)
                #expect(outcomes.isEmpty)
                #expect(harness.contains("Milk!"))
                harness.press(.enter)
                #expect(outcomes == [.completed("Milk!|")], "Enter in a one-line field saves")
            }
        }

        @Test func ctrlSSavesFromATextAreaWhereEnterIsANewline() async {
            await withScreenHarness(size: CellSize(width: 60, height: 16)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(makeSheet(body: true)) { outcomes.append($0) }
                harness.press(.tab)
                harness.type("one")
                harness.press(.enter)
                harness.type("two")
                #expect(outcomes.isEmpty, "Enter in the body is a newline")
                #expect(harness.contains("Ctrl-S save"))
                harness.press(.control("s"))
                #expect(outcomes == [.completed("Milk|one\ntwo")])
            }
        }

        @Test func aSheetOfOneLineFieldsOffersNoCtrlS() {
            let sheet = makeSheet(body: false)
            #expect(!sheet.bindings.contains { $0.keys.contains(.control("s")) })
            #expect(makeSheet(body: true).bindings.contains { $0.keys.contains(.control("s")) })
        }

        @Test func cancelLeavesWithoutAskingEvenAfterAnEdit() {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: flow)
            var outcomes: [FlowOutcome<String>] = []
            let sheet = flow.presentSheet(makeSheet(body: false)) { outcomes.append($0) }
            sheet.form.setText("Bread", forField: "title")
            sheet.form.onButton?(1)
            #expect(outcomes == [.cancelled(.cancelledByUser)])
            #expect(router.entries.count == 1)
        }

        @Test func presentedWithoutTheKitAnEditedSheetStaysOnEsc() {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: flow)
            let sheet = makeSheet(body: false)
            router.present(sheet, owner: flow)
            sheet.form.setText("Bread", forField: "title")
            #expect(router.back() == .vetoed, "nobody can ask, so the edit is kept")
        }
    }
}
