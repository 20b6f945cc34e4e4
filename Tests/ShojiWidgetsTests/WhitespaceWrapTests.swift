import Testing
import ShojiCurses
@testable import ShojiWidgets

/// Whitespace is content: a file's indentation, a table's aligned columns
/// and its tabs survive wrapping, in a detail page and in previews.
extension WidgetsSuite {
    @Suite @MainActor struct WhitespaceWrapTests {
        init() { useUTF8Locale() }

        @Test func indentationAndRunsOfSpacesAreKept() {
            #expect(TextWrapper.wrap("    return x", width: 20) == ["    return x"])
            #expect(TextWrapper.wrap("a    b  c", width: 20) == ["a    b  c"])
            #expect(TextWrapper.wrap("name   age\nada    36", width: 20) == ["name   age", "ada    36"])
            #expect(TextWrapper.wrap("  é  ü", width: 20) == ["  é  ü"], "the same through the cell path")
        }

        @Test func theSpacesWhereALineBreaksAreDropped() {
            #expect(TextWrapper.wrap("one   two   three", width: 9) == ["one   two", "three"])
            #expect(TextWrapper.wrap("    a long line of words", width: 12) == ["    a long", "line of", "words"])
            #expect(TextWrapper.wrap("   ", width: 5) == [""])
        }

        @Test func tabsReachTheNextMultipleOfEight() {
            #expect(TextWrapper.wrap("\tx", width: 20) == ["        x"])
            #expect(TextWrapper.wrap("ab\tc", width: 20) == ["ab      c"])
            #expect(TextWrapper.wrap("name\tage\nada\t36", width: 20) == ["name    age", "ada     36"])
            #expect(TextWrapper.wrap("漢字\tx", width: 20) == ["漢字    x"], "by display columns")
            #expect(DisplayText.expandingTabs("12345678\tx") == "12345678        x")
        }

        @Test func anIndentationWiderThanTheLineIsCutLikeAWord() {
            #expect(TextWrapper.wrap("      ab", width: 4) == ["    ", "  ab"])
        }

        @Test func aDetailPageShowsCodeAndTablesAsWritten() {
            let code = "def f(x):\n    if x:\n\treturn 1\n\nname    size\nalpha      12"
            let detail = DetailWidget(title: "f.py", paragraphs: [code])
            let harness = WidgetHarness(detail, size: CellSize(width: 24, height: 9))
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "f.py",
                "",
                "def f(x):",
                "    if x:",
                "        return 1",
                "",
                "name    size",
                "alpha      12",
                "",
            ])
        }
    }
}
