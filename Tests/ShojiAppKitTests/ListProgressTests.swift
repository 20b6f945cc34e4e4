import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A list screen is told how far loading has come: the line where its
/// spinner draws shows the progress, on the harness's virtual clock.
extension AppKitSuite {
    @Suite @MainActor struct ListProgressTests {
        /// A list screen whose rows are still loading.
        final class Loading: Coordinator {
            let rows = TitlesPresenter([])
            let clock: any LoopClock
            private(set) weak var view: ListScreenView?
            init(router: any Routing, clock: any LoopClock) {
                self.clock = clock
                super.init(router: router)
            }
            override func start() {
                let view = ListScreenView(title: "Tasks", rows: rows, clock: clock)
                self.view = view
                router.setRoot(view, owner: self)
            }
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func theSpinnerFormCountsAndTimesOnVirtualTime(size: CellSize) async throws {
            try await withScreenHarness(size: size, title: "todo") { harness in
                let flow = Loading(router: harness.router, clock: harness.clock)
                harness.start(flow)
                let view = try #require(flow.view)
                view.showProgress(WorkProgress("Reading tasks", completed: 43_000))
                harness.render()
                #expect(harness.lines[1] == "⠋ Reading tasks… 43,000  0.0 s")
                harness.advance(by: .milliseconds(1_200))
                #expect(harness.lines[1] == "⠴ Reading tasks… 43,000  1.2 s")
                harness.expectSnapshot("spinner-\(size.width)x\(size.height)")
                view.showProgress(WorkProgress("Reading tasks", completed: 31_000, total: 50_000))
                harness.render()
                #expect(harness.lines[1].hasPrefix("Reading tasks ▕████"))
                #expect(harness.lines[1].hasSuffix("▏  62 %  (31,000 of 50,000)"))
                harness.expectSnapshot("bar-\(size.width)x\(size.height)")
                flow.rows.titles = ["Write the report"]
                view.showRows()
                harness.render()
                #expect(harness.lines[1] == "Write the report")
                #expect(!view.list.progressWidget.spinner.isRunning)
            }
        }
    }
}
