import Testing
@testable import ShojiAppKit
import ShojiTesting

extension AppKitSuite {
    /// `presentSheet`: the caller gets the typed value or a cancel, exactly
    /// once, whatever ends the sheet; the sheet is dismissed and released.
    @Suite @MainActor struct SheetResultTests {
        @Test func saveAnswersWithTheValueOnceAndDismisses() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(EditTitleSheet()) { outcomes.append($0) }
                harness.type(" and eggs")
                harness.press(.enter)
                #expect(outcomes == [.completed("Milk and eggs")])
                #expect(harness.router.entries.count == 1, "dismissed")
                #expect(!harness.contains("Edit note"))
                harness.press(.enter)
                #expect(outcomes.count == 1)
            }
        }

        @Test func escAnswersCancelledByBackOnce() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                var outcomes: [FlowOutcome<String>] = []
                app.presentSheet(EditTitleSheet()) { outcomes.append($0) }
                harness.press(.escape)
                #expect(outcomes == [.cancelled(.back)])
                #expect(harness.router.entries.count == 1)
                harness.press(.escape)
                #expect(outcomes.count == 1)
            }
        }

        @Test func theCancelButtonAnswersCancelledByUser() {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: flow)
            var outcomes: [FlowOutcome<String>] = []
            let sheet = flow.presentSheet(EditTitleSheet()) { outcomes.append($0) }
            sheet.form.setFocus(.button(1))
            #expect(sheet.handle(.enter))
            #expect(outcomes == [.cancelled(.cancelledByUser)])
            #expect(router.entries.count == 1)
        }

        @Test func aSheetWhoseFlowEndsAnswersCancelledOnce() {
            let router = MockRouter()
            let parent = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: parent)
            let child = Coordinator(router: router)
            parent.addChild(child)
            var outcomes: [FlowOutcome<String>] = []
            let tracker = LeakTracker()
            do {
                let sheet = child.presentSheet(EditTitleSheet()) { outcomes.append($0) }
                tracker.track(sheet, as: "sheet")
                tracker.track(sheet.presenter, as: "presenter")
            }
            child.cancel(.cancelledByUser)
            #expect(outcomes == [.cancelled(.flowEnded)])
            #expect(router.entries.count == 1)
            #expect(tracker.survivors == [])
        }

        @Test func aDeepLinkReplacingTheStackAnswersCancelled() {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: flow)
            var outcomes: [FlowOutcome<String>] = []
            flow.presentSheet(EditTitleSheet()) { outcomes.append($0) }
            router.setRoot(FakePresentable("about"), owner: flow)
            #expect(outcomes == [.cancelled(.replaced)])
        }

        @Test func awaitingASheetReturnsItsValueOrNil() async {
            let router = MockRouter()
            let flow = Coordinator(router: router)
            router.setRoot(FakePresentable("notes"), owner: flow)
            async let saved = flow.presentSheet(EditTitleSheet())
            while router.entries.count < 2 { await Task.yield() }
            (router.top?.presentable as? EditTitleSheet)?.form.submit()
            #expect(await saved == "Milk")
            #expect(router.entries.count == 1)

            async let cancelled = flow.presentSheet(EditTitleSheet())
            while router.entries.count < 2 { await Task.yield() }
            _ = router.back()
            #expect(await cancelled == nil)
        }

        @Test func aDismissedSheetsViewPresenterAndWorkAreReleased() async {
            await withScreenHarness(size: CellSize(width: 60, height: 15)) { harness in
                let app = TwoTabs(router: harness.router)
                harness.start(app)
                let tracker = LeakTracker()
                var work: ScreenWork?
                do {
                    let sheet = app.presentSheet(EditTitleSheet())
                    sheet.presenter.work.task { try? await Task.sleep(for: .seconds(60)) }
                    work = sheet.presenter.work
                    tracker.track(sheet, as: "sheet")
                    tracker.track(sheet.presenter, as: "presenter")
                }
                harness.press(.enter)
                #expect(harness.router.entries.count == 1)
                #expect(work?.isEnded == true, "its work ended with it")
                #expect(tracker.survivors == [])
            }
        }
    }
}
