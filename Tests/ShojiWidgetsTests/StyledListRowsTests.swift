import Testing
import ShojiCurses
@testable import ShojiWidgets

/// List rows drawn from styled runs: a commit's hash in its colour, a
/// file's status letter, with the highlight and the filter's marks intact.
extension WidgetsSuite {
    @Suite @MainActor struct StyledListRowsTests {
        private static let hash = Style(foreground: .yellow)
        private static let added = Style(foreground: .green, attributes: .bold)
        private static let yellow = 3, green = 2, cyan = 6

        private func commits() -> ArrayListDataSource {
            ArrayListDataSource(styledTitles: [
                [TextRun("a1b2c3b", Self.hash), TextRun(" Fix the footer")],
                [TextRun("e4f5a6b", Self.hash), TextRun(" Fix the header")],
                [TextRun("A", Self.added), TextRun(" README.md")],
            ])
        }

        @Test func eachRunKeepsItsStyleAndTheSelectedRowIsOneBar() {
            let list = ListWidget(dataSource: commits())
            let harness = WidgetHarness(list, size: CellSize(width: 30, height: 3))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == ["a1b2c3b Fix the footer", "e4f5a6b Fix the header", "A README.md"])
            let commit = snapshot.rows[1], file = snapshot.rows[2]
            #expect(commit[0].foreground == Self.yellow && commit[6].foreground == Self.yellow, "the hash is yellow")
            #expect(commit[8].foreground == -1, "the subject is plain")
            #expect(file[0].foreground == Self.green && file[0].attributes.contains(.bold))
            #expect(file[2].foreground == -1 && !file[2].attributes.contains(.bold))
            // The selected row: the selection's colour across the whole row.
            let selected = snapshot.rows[0]
            #expect(selected.allSatisfy { $0.attributes.contains(.reverse) })
            #expect(selected[0].foreground == Self.cyan && selected[8].foreground == Self.cyan, "\(selected[0])")
        }

        @Test func theFiltersMatchIsMarkedAcrossRuns() {
            let list = ListWidget(dataSource: commits())
            let harness = WidgetHarness(list, size: CellSize(width: 30, height: 3))
            defer { harness.end() }
            list.setFilter("b Fix")
            let snapshot = harness.snapshot()
            #expect(snapshot.lines.prefix(2) == ["a1b2c3b Fix the footer", "e4f5a6b Fix the header"])
            #expect(snapshot.lines[2].hasPrefix("/b Fix") && snapshot.lines[2].hasSuffix("2 of 3"))
            let unselected = snapshot.rows[1]
            let marked = (0..<unselected.count).filter { unselected[$0].attributes.contains(.underline) }
            #expect(marked == Array(6...10), "the match, b of the hash to x of the subject")
            #expect(unselected[6].foreground == Self.yellow, "the hash keeps its colour where marked")
            #expect(unselected[5].foreground == Self.yellow && unselected[11].foreground == -1)
            let selected = snapshot.rows[0]
            #expect((0..<selected.count).filter { selected[$0].attributes.contains(.underline) } == Array(6...10))
            #expect(selected[0...21].allSatisfy { $0.attributes.contains(.reverse) })
        }

        @Test func plainTitlesDrawAsBefore() {
            let list = ListWidget(dataSource: ArrayListDataSource(titles: ["alpha", "beta"]))
            let harness = WidgetHarness(list, size: CellSize(width: 12, height: 2))
            defer { harness.end() }
            list.setFilter("et")
            #expect(harness.snapshot().lines == ["beta", "/et   1 of 2"])
        }
    }
}
