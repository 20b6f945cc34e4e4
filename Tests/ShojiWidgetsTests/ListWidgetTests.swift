import ShojiTesting
import Testing
import ShojiCurses
@testable import ShojiWidgets

/// A data source that counts what the list asks for, to prove drawing reads
/// only visible rows however many there are.
@MainActor
final class CountingDataSource: ListDataSource {
    let count: Int
    var rowsRequested = 0
    var titlesRequested = 0
    init(count: Int) { self.count = count }
    func row(at index: Int) -> ListRow {
        rowsRequested += 1
        return ListRow(title: "Item \(index)", secondary: "\(index % 100)")
    }
    func title(at index: Int) -> String {
        titlesRequested += 1
        return "Item \(index)"
    }
}

@MainActor
let phoneRows = ArrayListDataSource([
    ListRow(title: "iPhone", secondary: "2007"),
    ListRow(title: "iPhone 3G", secondary: "2008"),
    ListRow(title: "iPhone 15 Pro Max Special Edition", secondary: "2023"),
    ListRow(title: "漢字テキスト", secondary: "2024"),
    ListRow(title: "📱 Pocket", secondary: "2025"),
    ListRow(title: "iPod touch"),
])

extension WidgetsSuite {
    @Suite @MainActor struct ListWidgetTests {
        @Test func rendersRowsWithSecondaryColumnWideCharactersAndTruncation() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 30, height: 7))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [
                "iPhone                    2007",
                "iPhone 3G                 2008",
                "iPhone 15 Pro Max Speci…  2023",
                "漢字テキスト              2024",
                "📱 Pocket                 2025",
                "iPod touch",
                "",
            ])
            #expect(snapshot.attributeLines[0] == String(repeating: "R", count: 30))
            #expect(snapshot.attributeLines[1] == "                          DDDD")
            #expect(snapshot.attributeLines[5] == "")
        }

        @Test func narrowWidthHidesTheSecondaryColumnAndOneColumnStaysClean() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 12, height: 3))
            defer { harness.end() }
            #expect(harness.snapshot().lines == ["iPhone", "iPhone 3G", "iPhone 15 P…"])
            harness.resize(CellSize(width: 1, height: 3))
            #expect(harness.snapshot().lines == ["…", "…", "…"])
        }

        @Test func selectionIsReverseVideoAndMutedWithoutFocus() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 3), colors: false)
            defer { harness.end() }
            list.press(.down)
            let focused = harness.snapshot()
            #expect(focused.attributeLines[1] == String(repeating: "R", count: 20))
            #expect(focused.rows[1][0].attributes == [.reverse, .bold])
            list.isFocused = false
            let unfocused = harness.snapshot()
            #expect(unfocused.attributeLines[1] == String(repeating: "R", count: 20))
            #expect(unfocused.rows[1][0].attributes == [.reverse])
        }

        @Test func navigationStopsAtTheEdgesAndKeepsTheSelectionVisible() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 3))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(list.press(.up) == [true])
            #expect(list.selectedIndex == 0)
            list.press(.character("j"), .down)
            #expect(list.selectedIndex == 2)
            list.press(.character("k"))
            #expect(list.selectedIndex == 1)
            list.press(.end, .down)
            #expect(list.selectedIndex == 5)
            #expect(harness.snapshot().lines == ["漢字テキスト    2024", "📱 Pocket       2025", "iPod touch"])
            #expect(harness.snapshot().attributeLines[2].hasPrefix("RRRR"))
            list.press(.character("g"))
            #expect(list.selectedIndex == 0)
            list.press(.character("G"))
            #expect(list.selectedIndex == 5)
            list.press(.home)
            #expect(harness.snapshot().lines.first == "iPhone          2007")
        }

        @Test func pagingMovesByTheVisibleHeight() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 2))
            defer { harness.end() }
            _ = harness.snapshot()
            list.press(.pageDown)
            #expect(list.selectedIndex == 2)
            list.press(.pageDown, .pageDown)
            #expect(list.selectedIndex == 5)
            list.press(.pageUp)
            #expect(list.selectedIndex == 3)
            #expect(list.positionText == "4/6")
        }

        @Test func chooseReportsTheDataSourceIndexEvenWhenFiltered() {
            let list = ListWidget(dataSource: phoneRows)
            var chosen: [Int] = []
            list.onChoose = { chosen.append($0) }
            list.press(.down, .enter, .right, .character("l"))
            list.press(.character("/"))
            list.type("pod")
            list.press(.enter, .enter)
            #expect(chosen == [1, 1, 1, 5])
        }

        @Test func filterHighlightsMatchesAndCountsThem() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 30, height: 5))
            defer { harness.end() }
            #expect(list.press(.character("/")) == [true])
            #expect(list.isEditingText)
            list.type("PHONE")
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [
                "iPhone                    2007",
                "iPhone 3G                 2008",
                "iPhone 15 Pro Max Speci…  2023",
                "",
                "/PHONE                  3 of 6",
            ])
            // The selected row keeps reverse video; the others underline/bold the match.
            #expect(snapshot.attributeLines[0] == String(repeating: "R", count: 30))
            #expect(snapshot.attributeLines[1] == " BBBBB                    DDDD")
            #expect(list.cursorPosition == CellPoint(x: 6, y: 4))
            #expect(list.positionText == "3 of 6")
        }

        @Test func monochromeMatchHighlightStaysVisible() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 12, height: 3), colors: false)
            defer { harness.end() }
            list.setFilter("3g")
            list.finishEditing()
            let cells = harness.snapshot().rows[0]
            #expect(cells[7].attributes.contains(.underline))
            #expect(cells[7].attributes.contains(.reverse))
            #expect(list.press(.down) == [true])
        }

        @Test func everyPrintableKeyIsTextWhileTheFilterHasFocus() {
            let list = ListWidget(dataSource: phoneRows)
            list.press(.character("/"))
            #expect(list.press(.character("q"), .character("j"), .character("h"), .character("/")) == [true, true, true, true])
            #expect(list.filterQuery == "qjh/")
            #expect(list.selectedIndex == nil)
            list.press(.backspace, .backspace, .backspace)
            #expect(list.filterQuery == "q")
            list.press(.backspace)
            #expect(list.isEditingText)
            #expect(list.press(.backspace) == [true])
            #expect(!list.isFiltering)
        }

        @Test func escClearsAndClosesTheFilterAndOnlyThenMeansBack() {
            let list = ListWidget(dataSource: phoneRows)
            list.press(.character("/"))
            list.type("3g")
            list.press(.enter)
            #expect(!list.isEditingText)
            #expect(list.filterQuery == "3g")
            #expect(list.selectedIndex == 1)
            #expect(list.press(.escape) == [true])
            #expect(list.filterQuery == "")
            #expect(!list.isFiltering)
            #expect(list.selectedIndex == 1)
            #expect(list.press(.escape) == [false])

            list.press(.character("/"))
            list.type("x")
            #expect(list.press(.escape) == [true])
            #expect(!list.isFiltering)
        }

        @Test func emptyStateNamesTheQuery() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 30, height: 3))
            defer { harness.end() }
            list.press(.character("/"))
            list.type("xyz")
            #expect(harness.snapshot().lines == ["No results for 'xyz'", "", "/xyz                    0 of 6"])
        }

        @Test func selectedIndexSurvivesBeingSetBack() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 2))
            defer { harness.end() }
            list.selectedIndex = 4
            #expect(list.selectedIndex == 4)
            #expect(harness.snapshot().lines == ["漢字テキスト    2024", "📱 Pocket       2025"])
            list.selectedIndex = 99
            #expect(list.selectedIndex == 4)
        }

        @Test func aMillionRowsDrawOnlyWhatIsVisible() {
            let source = CountingDataSource(count: 1_000_000)
            let list = ListWidget(dataSource: source)
            let harness = WidgetHarness(list, size: CellSize(width: 24, height: 5))
            defer { harness.end() }
            #expect(harness.snapshot().lines[0] == "Item 0                 0")
            source.rowsRequested = 0
            list.press(.pageDown)
            let paged = harness.snapshot()
            #expect(source.rowsRequested <= 5)
            #expect(list.selectedIndex == 5)
            #expect(paged.lines[4] == "Item 5                 5")
            source.rowsRequested = 0
            list.press(.end)
            let last = harness.snapshot()
            #expect(source.rowsRequested <= 5)
            #expect(list.selectedIndex == 999_999)
            #expect(last.lines[4] == "Item 999999           99")
            #expect(last.attributeLines[4].hasPrefix("RRRR"))
            list.press(.down)
            #expect(list.selectedIndex == 999_999)
            #expect(list.positionText == "1,000,000/1,000,000", "grouped, as counts are everywhere")
        }

        @Test func loadingShowsTheSpinner() {
            let list = ListWidget(dataSource: phoneRows)
            let harness = WidgetHarness(list, size: CellSize(width: 20, height: 2))
            defer { harness.end() }
            let clock = VirtualLoopClock()
            list.isLoading = true
            list.spinner.start(clock: clock)
            #expect(harness.snapshot().lines == ["⠋ Loading…", ""])
            clock.advance(by: .milliseconds(80))
            #expect(harness.snapshot().lines[0] == "⠙ Loading…")
            list.spinner.stop()
            #expect(clock.pendingCount == 0)
        }
    }
}

/// The filter's incremental search, without a screen.
@MainActor
@Suite struct ListFilterTests {
    @Test func extendingTheQuerySearchesOnlyThePreviousMatches() {
        let source = CountingDataSource(count: 100_000)
        let list = ListWidget(dataSource: source)
        list.press(.character("/"))
        list.type("9")
        #expect(source.titlesRequested == 100_000)
        let matches = list.visibleCount
        list.type("9")
        #expect(source.titlesRequested == 100_000 + matches)
        let narrower = list.visibleCount
        list.type("9")
        #expect(source.titlesRequested == 100_000 + matches + narrower)
        #expect(list.visibleCount == 280)
        #expect(source.rowsRequested == 0)
    }

    @Test func aShorterQuerySearchesEverythingAgain() {
        var filter = ListFilter()
        let titles = ["alpha", "beta", "gamma", "ALPHABET"]
        var reads = 0
        let title: (Int) -> String = { reads += 1; return titles[$0] }
        filter.update(query: "alp", count: 4, title: title)
        #expect(filter.matches == [0, 3])
        reads = 0
        filter.update(query: "alpha", count: 4, title: title)
        #expect(reads == 2)
        filter.update(query: "a", count: 4, title: title)
        #expect(filter.matches == [0, 1, 2, 3])
        #expect(reads == 6)
        filter.update(query: "", count: 4, title: title)
        #expect(filter.matches == nil)
    }

    @Test func matchingIgnoresCaseInAsciiAndBeyond() {
        #expect(TextMatcher.range(of: "PHONE", in: "iPhone 3G").map { "iPhone 3G"[$0] } == "Phone")
        #expect(TextMatcher.matches("ÉTÉ", "un été chaud"))
        #expect(!TextMatcher.matches("x", "iPhone"))
        #expect(TextMatcher.matches("テキ", "漢字テキスト"))
    }
}

/// A source that answers the filter's search itself, counting how it is asked.
@MainActor
final class SearchingDataSource: ListDataSource {
    let titles: [String]
    var searches: [(query: String, candidates: [Int]?)] = []
    var titlesRequested = 0
    init(_ titles: [String]) { self.titles = titles }
    var count: Int { titles.count }
    func row(at index: Int) -> ListRow { ListRow(title: titles[index]) }
    func title(at index: Int) -> String {
        titlesRequested += 1
        return titles[index]
    }
    func indices(matching query: TextQuery, among candidates: [Int]?) -> [Int] {
        searches.append((query.text, candidates))
        return (candidates ?? Array(titles.indices)).filter { query.matches(titles[$0]) }
    }
}

/// Only what the protocol requires, so the filter falls back on the default search.
@MainActor
struct DefaultSearch<Base: ListDataSource>: ListDataSource {
    let base: Base
    var count: Int { base.count }
    func row(at index: Int) -> ListRow { base.row(at: index) }
    func title(at index: Int) -> String { base.title(at: index) }
}

@MainActor
@Suite struct ListSearchTests {
    @Test func theListAsksTheSourceOnceAKeyWithThePreviousMatchesWhenTheQueryGrows() {
        let source = SearchingDataSource(["Aster 1", "Boreal 2", "aster 3 Max", "Cirrus", "ASTER"])
        let list = ListWidget(dataSource: source)
        list.press(.character("/"))
        list.type("as")
        list.type("T")
        #expect(source.searches.map(\.query) == ["a", "as", "asT"])
        #expect(source.searches.map(\.candidates) == [nil, [0, 1, 2, 4], [0, 2, 4]])
        #expect(list.positionText == "3 of 5")
        list.press(.backspace, .backspace)
        #expect(source.searches.last?.query == "a")
        #expect(source.searches.last?.candidates == nil)  // shorter: everything again
        #expect(source.titlesRequested == 0)
    }

    @Test func anArraySourcesOwnSearchFindsWhatTheDefaultFinds() {
        var generator = SplitMix64(seed: 7)
        let words = ["Aster", "boreal", "CIRRUS", "Pro", "max", "été", "漢字", "Air", "", "as"]
        let rows = ArrayListDataSource(titles: (0..<500).map { _ in
            (0..<3).map { _ in words[Int(generator.next() % UInt64(words.count))] }.joined(separator: " ")
        })
        let fallback = DefaultSearch(base: rows)
        let subset = Array(stride(from: 3, to: 500, by: 7))
        for query in ["a", "AS", "ro", "été", "字", "zz", " m", "x"] {
            let prepared = TextQuery(query)
            let all = fallback.indices(matching: prepared, among: nil)
            #expect(rows.indices(matching: prepared, among: nil) == all, "\(query)")
            #expect(rows.indices(matching: prepared, among: subset) == fallback.indices(matching: prepared, among: subset))
            #expect(all == (0..<500).filter { rows.rows[$0].title.localizedCaseInsensitiveContains(query) }, "\(query)")
        }
        #expect(!fallback.indices(matching: TextQuery("a"), among: nil).isEmpty)
    }
}
