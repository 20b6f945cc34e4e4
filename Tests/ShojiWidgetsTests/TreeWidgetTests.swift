import Testing
import ShojiTesting
@testable import ShojiCurses
@testable import ShojiWidgets

/// A tree of named nodes ("etc/ssh"), counting what it is asked.
@MainActor
final class CountingTreeSource: TreeDataSource {
    var children: [String: [String]]
    private(set) var countCalls: [String] = []
    private(set) var childCalls = 0
    private(set) var titleCalls = 0

    init(_ children: [String: [String]]) { self.children = children }

    func numberOfChildren(of node: String?) -> Int {
        countCalls.append(node ?? "")
        return children[node ?? ""]?.count ?? 0
    }
    func child(_ index: Int, of node: String?) -> String {
        childCalls += 1
        let name = children[node ?? ""]![index]
        return node.map { "\($0)/\(name)" } ?? name
    }
    func title(of node: String) -> String {
        titleCalls += 1
        return String(node.split(separator: "/").last ?? "")
    }
    func isExpandable(_ node: String) -> Bool { children[node] != nil }
}

/// A node of a million children, made up on request.
@MainActor
final class MillionTreeSource: TreeDataSource {
    static let count = 1_000_000
    private(set) var childCalls = 0
    func numberOfChildren(of node: Int?) -> Int { node == nil ? 2 : (node == -1 ? Self.count : 0) }
    func child(_ index: Int, of node: Int?) -> Int {
        childCalls += 1
        return node == nil ? (index == 0 ? -1 : -2) : index
    }
    func title(of node: Int) -> String { node == -1 ? "processes" : (node == -2 ? "after" : "process \(node)") }
    func isExpandable(_ node: Int) -> Bool { node == -1 }
}

/// The tree: guides, expanding and collapsing by key, lazy questions to
/// its data source, a million children, row damage and reloads.
extension WidgetsSuite {
    @Suite @MainActor struct TreeWidgetTests {
        static let files: [String: [String]] = [
            "": ["bin", "etc", "README"],
            "bin": ["ls", "top"],
            "etc": ["hosts", "ssh"],
            "etc/ssh": ["config"],
        ]

        @Test func keysExpandCollapseAndGoToTheParentWithGuides() {
            useUTF8Locale()
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            let harness = WidgetHarness(tree, size: CellSize(width: 30, height: 8))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0..<3] == ["├─▸ bin", "├─▸ etc", "└─  README"])
            tree.press(.down, .right)
            #expect(harness.snapshot().lines[0..<5] == ["├─▸ bin", "├─▾ etc", "│ ├─  hosts", "│ └─▸ ssh", "└─  README"])
            tree.press(.down, .down, .character("l"))
            #expect(harness.snapshot().lines[3...5] == ["│ └─▾ ssh", "│   └─  config", "└─  README"])
            #expect(tree.handle(.character("l")), "an expanded node: its first child")
            #expect(tree.selectedNode == "etc/ssh/config")
            #expect(tree.handle(.left), "a leaf: its parent")
            #expect(tree.selectedNode == "etc/ssh")
            #expect(tree.handle(.character("h")), "collapses")
            #expect(tree.rowCount == 5)
            #expect(tree.handle(.left))
            #expect(tree.selectedNode == "etc")
            #expect(tree.handle(.left))
            #expect(tree.rowCount == 3)
            #expect(!tree.handle(.left), "a collapsed top-level node: the key means back")
            #expect(tree.handle(.character(" ")))
            #expect(tree.isExpanded(row: 1))
            #expect(tree.handle(.enter))
            #expect(!tree.isExpanded(row: 1))
        }

        @Test func enterChoosesALeafAndSelectionChangesAreReported() {
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            var chosen: [String] = []
            var highlighted: [String?] = []
            tree.onChoose = { chosen.append($0) }
            tree.onSelectionChange = { highlighted.append($0) }
            tree.press(.down, .down, .enter, .up, .up)
            #expect(chosen == ["README"])
            #expect(highlighted == ["etc", "README", "etc", "bin"])
        }

        @Test func collapsingAboveTheSelectionMovesItToTheCollapsedNode() {
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            tree.expand(row: 1)
            tree.expand(row: 3)  // etc/ssh
            tree.select(row: 4)  // etc/ssh/config
            #expect(tree.selectedNode == "etc/ssh/config")
            tree.collapse(row: 1)
            #expect(tree.selectedRow == 1)
            #expect(tree.selectedNode == "etc")
            #expect(tree.node(atRow: 2) == "README")
        }

        @Test func expandingOrCollapsingAboveTheSelectionKeepsItsNode() {
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            tree.select(row: 2)  // README
            tree.expand(row: 1)
            #expect(tree.selectedNode == "README")
            tree.expand(row: 0)
            #expect(tree.selectedNode == "README")
            #expect(tree.selectedRow == 6)
            tree.collapse(row: 3)  // etc, now below bin's two
            tree.collapse(row: 0)
            #expect(tree.selectedNode == "README")
            #expect(tree.selectedRow == 2)
        }

        @Test func theDataSourceIsAskedOnlyForExpandedNodesAndVisibleRows() {
            let source = CountingTreeSource(Self.files)
            let tree = TreeWidget(dataSource: source)
            let harness = WidgetHarness(tree, size: CellSize(width: 30, height: 8))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(source.countCalls == [""], "the top level only: nothing is expanded")
            #expect(source.childCalls == 3)
            tree.expand(row: 1)
            #expect(source.countCalls == ["", "etc"])
            #expect(!source.countCalls.contains("bin"))
        }

        @Test func aMillionChildrenExpandAndScrollAskingOnlyForTheRowsShown() {
            useUTF8Locale()
            let source = MillionTreeSource()
            let tree = TreeWidget(dataSource: source)
            let harness = WidgetHarness(tree, size: CellSize(width: 80, height: 24))
            defer { harness.end() }
            _ = harness.snapshot()
            let start = ContinuousClock.now
            #expect(tree.handle(.right))
            var shown = harness.snapshot()
            #expect(tree.rowCount == MillionTreeSource.count + 2)
            #expect(shown.lines[1] == "│ ├─  process 0")
            let before = source.childCalls
            #expect(tree.handle(.end))
            shown = harness.snapshot()
            #expect(shown.lines[22] == "│ └─  process 999999")
            #expect(shown.lines[23] == "└─  after")
            #expect(tree.handle(.up))
            #expect(tree.selectedNode == 999_999)
            // Every step asks for the rows on screen and the selection, never the million.
            #expect(source.childCalls - before < 100)
            #expect(ContinuousClock.now - start < .seconds(2))
        }

        @Test func aMoveInsideThePageRedrawsItsTwoRows() {
            useUTF8Locale()
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            let probe = DamageProbe(tree, size: CellSize(width: 30, height: 8), top: 2)
            defer { probe.screen.end() }
            #expect(tree.handle(.down))
            let shown = probe.render()
            #expect(probe.panel.lastDrawnRows == [2, 3])
            #expect(shown == probe.fullRedraw())
            let full = probe.panel.drawCounts.full
            #expect(tree.handle(.right))
            _ = probe.render()
            #expect(probe.panel.drawCounts.full == full + 1, "an expansion redraws everything")
        }

        @Test func aReloadKeepsExpandedNodesAndTheSelectedOne() {
            let source = CountingTreeSource(Self.files)
            let tree = TreeWidget(dataSource: source)
            tree.expand(row: 1)  // etc
            tree.select(row: 3)  // etc/ssh
            source.children[""] = ["boot", "bin", "etc", "README"]
            source.children["etc"] = ["fstab", "hosts", "ssh"]
            tree.reloadData()
            #expect(tree.isExpanded(row: 2))
            #expect(tree.selectedNode == "etc/ssh")
            #expect(tree.rowCount == 7)
            tree.expand(row: 5)  // etc/ssh
            tree.select(row: 6)  // etc/ssh/config, two levels below etc
            source.children[""] = ["bin", "boot", "dev", "README"]
            tree.reloadData()
            #expect(tree.rowCount == 4, "etc is gone, and what was expanded under it")
            #expect(tree.selectedNode == "README", "the row kept, clamped: the node is gone")
        }

        @Test func withoutUTF8TheGuidesAreASCII() {
            useUTF8Locale()
            let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
            tree.expand(row: 1)
            let harness = WidgetHarness(tree, size: CellSize(width: 30, height: 6))
            defer { harness.end() }
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            #expect(harness.snapshot().lines[0..<5] == ["+-+ bin", "+-- etc", "| +-  hosts", "| `-+ ssh", "`-  README"])
        }

        @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 160, height: 48)])
        func aTreeWithExpandedNodes(size: CellSize) async {
            await withScreenHarness(size: size, title: "files") { harness in
                let tree = TreeWidget(dataSource: CountingTreeSource(Self.files))
                tree.expand(row: 0)  // bin
                tree.expand(row: 3)  // etc, after bin's two
                tree.expand(row: 5)  // etc/ssh
                tree.select(row: 6)  // etc/ssh/config
                let view = StackedWidgetsView([(tree, size.height)])
                harness.router.setRoot(view)
                harness.render()
                harness.expectSnapshot("tree-\(size.width)x\(size.height)")
            }
        }
    }
}
