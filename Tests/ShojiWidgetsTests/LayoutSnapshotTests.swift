import Testing
import ShojiNavigation
import ShojiCurses
import ShojiTesting
@testable import ShojiWidgets

/// An htop-like screen: a header of fixed height above a list of
/// processes and, beside it from 60 columns, the selected one's detail,
/// both in titled boxes.
@MainActor
private final class MonitorView: PanelView {
    let list = ListWidget(dataSource: ArrayListDataSource((1...40).map {
        ListRow(title: "process \($0)", secondary: "\(1000 + $0)")
    }))
    let detail = DetailWidget(title: "process 1", fields: [DetailField("PID", "1001"), DetailField("State", "sleeping")],
                              paragraphs: ["/usr/bin/process --with arguments"])
    let header = DetailWidget(title: "Tasks: 40, 1 running", fields: [DetailField("Load", "0.42 0.30 0.12")])

    init() {
        super.init(title: "Monitor")
        content = LayoutWidget(.rows, [
            LayoutItem(header, size: .fixed(3)),
            LayoutItem(LayoutWidget(.columns, [
                LayoutItem(list, size: .fraction(0.5), minimum: 30, border: true, title: "Processes", focusable: true),
                LayoutItem(detail, hiddenBelow: CellSize(width: 60, height: 0), border: true, title: "Detail",
                           focusable: true),
            ], spacing: 1), focusable: true),
        ])
    }
}

extension WidgetsSuite {
    /// The nested layout drawn through the whole kit, at two sizes.
    @Suite @MainActor struct LayoutSnapshotTests {
        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func aHeaderAboveAListAndItsDetail(size: CellSize) async {
            useUTF8Locale()
            await withScreenHarness(size: size) { harness in
                let view = MonitorView()
                harness.router.setRoot(view)
                harness.press(.down)
                harness.expectSnapshot("monitor-\(size)")
                harness.press(.tab)
                #expect(harness.contains("next pane"), "the footer offers the pane keys")
                harness.expectSnapshot("monitor-\(size)-detail-focused")
            }
        }

        @Test func narrowTheDetailIsLeftOutAndTheListHasTheKeys() async {
            useUTF8Locale()
            await withScreenHarness(size: CellSize(width: 50, height: 16)) { harness in
                let view = MonitorView()
                harness.router.setRoot(view)
                #expect(harness.contains("Processes"))
                #expect(!harness.contains("Detail"))
                #expect(!harness.contains("next pane"))
                harness.press(.down)
                #expect(view.list.selectedRow == 1)
            }
        }

        /// The list's filter in the left pane: the terminal cursor stands
        /// right after the typed text, the pane's place added.
        @Test func theFilterCursorInAPaneIsWhereTheTextEnds() async {
            useUTF8Locale()
            await withScreenHarness(size: CellSize(width: 80, height: 24)) { harness in
                let view = MonitorView()
                harness.router.setRoot(view)
                harness.press(.character("/"))
                harness.type("process 3")
                guard let cursor = harness.cursor else {
                    Issue.record("no cursor while filtering")
                    return
                }
                #expect(cursor.x > 0 && cursor.x < 39, "inside the list's box")
                #expect(String(harness.lines[cursor.y].prefix(cursor.x)).hasSuffix("process 3"))
            }
        }
    }
}
