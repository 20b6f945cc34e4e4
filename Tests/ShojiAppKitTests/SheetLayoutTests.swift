import Testing
@testable import ShojiAppKit
import ShojiTesting

/// An edit form presented as a modal: two fields and Save/Cancel.
@MainActor
final class EditFormSheet: PanelView {
    let form = FormWidget(fields: [FormField(id: "title", label: "Title", text: "Milk"),
                                   FormField(id: "body", label: "Body")],
                          buttons: ["Save", "Cancel"])

    init() {
        super.init(title: "Edit note")
        content = form
    }
}

extension AppKitSuite {
    /// A presented module laid out on every resize, framed with its title,
    /// its cursor in its focused field.
    @Suite @MainActor struct SheetLayoutTests {
        /// Bug: a modal that filled the content area at a small size was not
        /// laid out again when the window grew (it stayed at (0,2) and the
        /// screen under it stayed blank until it closed).
        @Test func aModalThatFilledASmallWindowIsCentredAgainWhenTheWindowGrows() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15), title: "notes") { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let sheet = EditFormSheet()
                harness.router.present(sheet)  // above the tab container
                harness.render()
                #expect(sheet.panel?.frame == CellRect(x: 0, y: 2, width: 60, height: 12), "fills the content area")
                harness.resize(to: CellSize(width: 100, height: 30))
                let frame = try! #require(sheet.panel?.frame)
                #expect(frame.size == CellSize(width: 60, height: 12))
                #expect(frame.origin == CellPoint(x: 20, y: 9), "centred in the content area (0,2 100x27)")
                #expect(harness.lines[2].hasPrefix("screen First"), "the screen under it is drawn again")
                #expect(harness.lines[9].dropFirst(20).hasPrefix("Title"))
            }
        }
    }
}
