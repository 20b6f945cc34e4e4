import Testing
import ShojiAppKit
import ShojiTesting
@testable import TopApp
@testable import TopPresenters

/// Route paths on the whole monitor (a headless screen, 160x48: the detail
/// beside the table): what a path opens, what back does inside the
/// detail's children pane, and the path read back for `--restore`.
@MainActor
struct TopCoordinatorRouteTests {
    /// bash 30 with children make 31 and sh 42; sh has two sleeps.
    private func system() -> FakeProc {
        let proc = FakeProc()
        proc.add(pid: 1, parent: 0, name: "init", command: ["/sbin/init"])
        proc.add(pid: 30, name: "bash", command: ["-bash"])
        proc.add(pid: 31, parent: 30, name: "make", command: ["make"])
        proc.add(pid: 42, parent: 30, name: "sh", command: ["sh"])
        proc.add(pid: 50, parent: 42, name: "sleep", command: ["sleep", "60"])
        proc.add(pid: 51, parent: 42, name: "sleep", command: ["sleep", "61"])
        return proc
    }

    private func withTop(_ body: (ScreenHarness, TopCoordinator) async throws -> Void) async throws {
        let proc = system()
        try await withScreenHarness(size: CellSize(width: 160, height: 48), title: "top") { harness in
            let top = TopCoordinator(router: harness.router, monitor: proc.monitor(), clock: nil)
            harness.start(top)
            await harness.settle()
            try await body(harness, top)
        }
    }

    private func detail(_ top: TopCoordinator) -> ProcessDetailPanelView? {
        top.split.secondaryRouter.top?.presentable as? ProcessDetailPanelView
    }

    /// The pids whose children the pane lists, bottom first.
    private func paneStack(_ top: TopCoordinator) -> [Int32] {
        top.childrenPane?.router.entries.compactMap { ($0.presentable as? ProcessChildrenPanelView)?.presenter.pid } ?? []
    }

    @Test func aPathOpensTheDetailAndDrillsItsPane() async throws {
        try await withTop { harness, top in
            try top.open(RoutePath("30/children/42"))
            await harness.settle()
            #expect(top.split.isDetailOpen && detail(top)?.presenter.pid == 30)
            #expect(detail(top)?.isInChildren == true)
            #expect(paneStack(top) == [30, 42])
            #expect(top.processes?.highlightedPID == 30)
            #expect(top.currentPath?.description == "30/children/42")
            harness.render()
            #expect(harness.contains("Children of 30 bash › 42 sh") && harness.contains("50 sleep"))
        }
    }

    @Test func aPathToTheDetailAloneLeavesTheTextWithTheKeys() async throws {
        try await withTop { harness, top in
            try top.open(RoutePath("42"))
            #expect(detail(top)?.presenter.pid == 42 && detail(top)?.isInChildren == false)
            #expect(paneStack(top) == [42])
            #expect(top.currentPath?.description == "42")
            // Tab gives the pane the keys; the path follows.
            harness.press(.tab)
            #expect(detail(top)?.isInChildren == true && top.currentPath?.description == "42/children")
            // From the pane, Tab goes on to the table; Shift-Tab comes back to it.
            harness.press(.tab)
            #expect(!top.split.isDetailOpen && top.split.focusedColumn == .primary)
            harness.press(.backTab)
            #expect(top.split.isDetailOpen && detail(top)?.isInChildren == true)
            harness.press(.backTab)
            #expect(detail(top)?.isInChildren == false && top.split.isDetailOpen)
        }
    }

    @Test func aPathThatDoesNotRunChangesNothingAndNamesTheForms() async throws {
        try await withTop { _, top in
            // Side by side, the table's first row is previewed from the start.
            let previewed = detail(top)?.presenter.pid, pane = paneStack(top)
            // 50 runs, but under 42, not 30.
            let error = #expect(throws: RouteError.self) { try top.open(RoutePath("30/children/50")) }
            #expect(error?.description.contains("valid forms: <pid>, <pid>/children, <pid>/children/<child pid>/…") == true)
            #expect(throws: RouteError.self) { try top.open(RoutePath("77")) }
            #expect(!top.split.isDetailOpen && top.processes?.highlightedPID == previewed)
            #expect(detail(top)?.presenter.pid == previewed && paneStack(top) == pane && pane.count <= 1)
        }
    }

    @Test func backInsideThePanePopsOnlyThePaneThenClosesTheDetail() async throws {
        try await withTop { harness, top in
            try top.open(RoutePath("30/children/42"))
            harness.press(.escape)
            #expect(paneStack(top) == [30] && top.split.isDetailOpen)
            #expect(top.currentPath?.description == "30/children")
            harness.press(.escape)
            #expect(!top.split.isDetailOpen)
        }
    }

    @Test func enterOnAChildDrillsAndTheNextSelectionStartsThePaneAgain() async throws {
        try await withTop { harness, top in
            try top.open(RoutePath("30/children"))
            harness.press(.down, .enter)
            #expect(paneStack(top) == [30, 42])
            // The detail follows the table's selection: a new process, a new pane root.
            harness.press(.escape, .escape)
            top.processes?.select(pid: 42)
            #expect(detail(top)?.presenter.pid == 42 && paneStack(top) == [42])
        }
    }
}
