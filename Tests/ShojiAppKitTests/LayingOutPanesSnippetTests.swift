import Foundation
import Testing
import ShojiAppKit
import ShojiTesting

// The article "Laying out panes" (ShojiWidgets' catalogue) shows this
// region; it is compiled and run here, and `theArticleShowsThisCode` checks
// the article shows it as it is.

/// The presenter the article's screen is built with: it hears what the
/// user highlights and chooses.
@MainActor
final class MonitorPresenter: ListScreenRows {
    let names = ["init", "sshd", "swift-build"]
    private(set) var highlighted: [Int?] = []
    private(set) var chosen: [Int] = []
    var rowCount: Int { names.count }
    func row(at index: Int) -> ListRow { ListRow(title: names[index]) }
    func didHighlight(index: Int?) { highlighted.append(index) }
    func didChoose(index: Int) { chosen.append(index) }
}

// snippet: monitor
final class MonitorPanelView: PanelView {
    let header = DetailWidget(title: "Tasks: 312, 2 running")
    let processes: ListWidget
    let detail = DetailWidget(title: "")

    init(presenter: MonitorPresenter) {
        // The presenter adopts `ListScreenRows` (it imports no curses);
        // ShojiAppKit's adapter feeds the widget from it and tells it of
        // every highlighted row and every choice, wherever the list is.
        processes = ListWidget(dataSource: PresenterListDataSource(rows: presenter))
        super.init(title: "Processes")
        content = LayoutWidget(.rows, [
            LayoutItem(header, size: .fixed(3)),
            LayoutItem(LayoutWidget(.columns, [
                LayoutItem(processes, size: .fraction(0.6), minimum: 40,
                           border: true, title: "Processes", focusable: true),
                LayoutItem(detail, hiddenBelow: CellSize(width: 100, height: 0),
                           border: true, title: "Detail", focusable: true),
            ], spacing: 1), focusable: true),
        ])
        // The rows the presenter already has: it hears which one is highlighted.
        processes.reloadData()
    }
}
// end snippet

extension AppKitSuite {
    @Suite @MainActor struct LayingOutPanesSnippetTests {
        @Test func aListInALayoutTellsItsPresenterOfHighlightsAndChoices() {
            let harness = ScreenHarness(size: CellSize(width: 120, height: 16), title: "top")
            defer { harness.end() }
            let presenter = MonitorPresenter()
            harness.router.setRoot(MonitorPanelView(presenter: presenter), owner: nil)
            #expect(presenter.highlighted == [0], "the first row shown is reported")
            harness.press(.down)
            harness.press(.down)
            #expect(presenter.highlighted == [0, 1, 2])
            harness.press(.enter)
            #expect(presenter.chosen == [2])
            harness.press(.character("/"))
            harness.type("zzz")
            #expect(presenter.highlighted.last == .some(nil), "a filter that hides every row reports none")
        }

        @Test func theArticleShowsThisCode() throws {
            let here = URL(fileURLWithPath: #filePath)
            let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let article = try String(contentsOf: root.appendingPathComponent("Sources/ShojiWidgets/ShojiWidgets.docc/LayingOutPanes.md"),
                                     encoding: .utf8)
            let regions = Snippets.regions(in: try String(contentsOf: here, encoding: .utf8))
            let shown = Snippets.articleSnippets(in: article)
            #expect(Set(shown.keys) == Set(regions.keys))
            for (name, text) in shown {
                #expect(text == regions[name], "the article's snippet '\(name)' differs from LayingOutPanesSnippetTests.swift")
            }
        }
    }
}
