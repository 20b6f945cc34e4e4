import Testing
@testable import ShojiAppKit
import ShojiTesting

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
                let sheet = EditTitleSheet(size: CellSize(width: 60, height: 12))
                sheet.modalStyle = .plain
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

        @Test func aSheetIsFramedWithItsTitleCentredAndItsCursorInItsField() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15), title: "notes") { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                app.presentSheet(EditTitleSheet())
                harness.render()
                // 44x6 of form, in a border with a column of margin: 48x8,
                // centred in the content area (0,2 60x12).
                expectSheet(in: harness, at: CellRect(x: 6, y: 4, width: 48, height: 8))

                harness.resize(to: CellSize(width: 100, height: 30))
                expectSheet(in: harness, at: CellRect(x: 26, y: 11, width: 48, height: 8))
                #expect(harness.lines[2].hasPrefix("screen First"), "the screen under it is drawn")

                harness.type("s")
                #expect(harness.cursor == CellPoint(x: 26 + 2 + 7 + 5, y: 12), "the cursor follows the text")
                harness.press(.tab)
                #expect(harness.cursor == CellPoint(x: 26 + 2 + 7, y: 13), "in the next field")
            }
        }

        @Test func aSheetShrinksWithTheWindowAndKeepsItsFrame() async {
            await withScreenHarness(size: CellSize(width: 100, height: 30), title: "notes") { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let sheet = app.presentSheet(EditTitleSheet())
                harness.resize(to: CellSize(width: 40, height: 10))
                // Content area (0,2 40x7): the form gets 36x5 inside the frame.
                #expect(sheet.panel?.frame == CellRect(x: 0, y: 2, width: 40, height: 7))
                #expect(harness.lines[2].hasPrefix("┌─ Edit note ─"))
                #expect(harness.lines[8].hasPrefix("└") && harness.lines[8].hasSuffix("┘"))
                harness.resize(to: CellSize(width: 60, height: 15))
                #expect(sheet.panel?.frame == CellRect(x: 6, y: 4, width: 48, height: 8))
            }
        }

        @Test func aSheetsFrameFollowsItsTitle() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15), title: "notes") { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let sheet = app.presentSheet(EditTitleSheet())
                harness.render()
                sheet.title = "Rename"
                harness.render()
                #expect(harness.lines[4].dropFirst(6).hasPrefix("┌─ Rename ─"))
            }
        }

        @Test func aPlainModalHasNoFrame() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15), title: "notes") { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let sheet = EditTitleSheet()
                sheet.modalStyle = .plain
                app.presentSheet(sheet)
                harness.render()
                #expect(sheet.panel?.frame == CellRect(x: 8, y: 5, width: 44, height: 6))
                #expect(harness.lines[5].dropFirst(8).hasPrefix("Title  Milk"))
                #expect(harness.cursor == CellPoint(x: 8 + 7 + 4, y: 5))
            }
        }

        /// The frame at `rect`: the title in its top edge, the form inside a
        /// border and a column of margin, the cursor after "Milk".
        private func expectSheet(in harness: ScreenHarness, at rect: CellRect,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
            let lines = harness.lines
            #expect(harness.focusedView?.panel?.frame == rect, sourceLocation: sourceLocation)
            #expect(lines[rect.y].dropFirst(rect.x).hasPrefix("┌─ Edit note ─"), sourceLocation: sourceLocation)
            #expect(lines[rect.y].count == rect.maxX && lines[rect.y].hasSuffix("┐"), sourceLocation: sourceLocation)
            #expect(lines[rect.y + 1].dropFirst(rect.x).hasPrefix("│ Title  Milk"), sourceLocation: sourceLocation)
            #expect(lines[rect.maxY - 1].dropFirst(rect.x).hasPrefix("└─"), sourceLocation: sourceLocation)
            #expect(harness.cursor == CellPoint(x: rect.x + 2 + 7 + 4, y: rect.y + 1), sourceLocation: sourceLocation)
        }
    }
}
