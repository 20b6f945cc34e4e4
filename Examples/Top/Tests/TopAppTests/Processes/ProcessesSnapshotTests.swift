@testable import TopApp
import TopPresenters
import ShojiAppKit
import ShojiTesting
import Testing

@MainActor
struct ProcessesSnapshotTests {
    /// The screen on a headless terminal, compared with
    /// `Tests/__Snapshots__/<this test target>/Processes/ProcessesSnapshotTests/processes.txt`
    /// (recorded on the first run; SHOJI_RECORD_SNAPSHOTS=1 records it again).
    @Test func drawsOnAHeadlessScreen() async {
        await withScreenHarness(size: CellSize(width: 60, height: 12)) { harness in
            let output = MockProcessesOutput()
            let presenter = ProcessesPresenter()
            presenter.output = output
            harness.router.setRoot(ProcessesPanelView(presenter: presenter), owner: nil)
            harness.render()
            #expect(harness.lines[0] == " app › Processes")
            #expect(harness.contains("Nothing here yet."))
            harness.expectSnapshot("processes")
            harness.press(.enter)
            #expect(output.finished == 1)
        }
    }
}
