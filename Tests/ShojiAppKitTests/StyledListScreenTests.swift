import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A list screen whose view styles the presenter's rows.
extension AppKitSuite {
    @Suite @MainActor struct StyledListScreenTests {
        @Test func theViewStylesWhatThePresenterSays() throws {
            let harness = ScreenHarness(size: CellSize(width: 40, height: 6), title: "git")
            defer { harness.end() }
            let presenter = TitlesPresenter(["M README.md", "A Sources/App.swift"])
            let screen = ListScreenView(title: "Files", rows: presenter)
            let status = Style(foreground: .green, attributes: .bold)
            screen.list.dataSource = PresenterListDataSource(rows: presenter) { index in
                let title = presenter.row(at: index).title
                return [TextRun(String(title.prefix(1)), status), TextRun(String(title.dropFirst()))]
            }
            harness.router.setRoot(screen, owner: nil)
            harness.press(.enter)
            #expect(presenter.chosen == [0], "the styled source still reports choices")
            let snapshot = harness.snapshot()
            let row = try #require(snapshot.row(containing: "A Sources/App.swift"))
            #expect(snapshot.rows[row][0].foreground == 2 && snapshot.rows[row][0].attributes.contains(.bold))
            #expect(snapshot.rows[row][2].foreground == -1)
        }
    }
}
