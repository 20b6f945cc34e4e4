import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Widths by grapheme cluster: what a terminal draws as one picture is
    /// one cell, whatever its scalars add up to.
    @Suite @MainActor struct GraphemeWidthTests {
        init() { TerminalScreen.headless(size: CellSize(width: 10, height: 2)).end() }

        @Test func emojiZWJSequencesAreOneTwoColumnCell() {
            let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
            #expect(DisplayText.width(of: family) == 2)
            #expect(DisplayText.cells(family).count == 1)
            #expect(DisplayText.width(of: "👩\u{200D}💻x") == 3)
        }

        @Test func flagsAreOneTwoColumnCell() {
            #expect(DisplayText.width(of: "🇫🇷") == 2)
            #expect(DisplayText.width(of: "🇯🇵🇫🇷") == 4)
            #expect(DisplayText.cells("🇯🇵🇫🇷").count == 2)
        }

        @Test func variationSelector16AndKeycapsAndSkinTones() {
            #expect(DisplayText.width(of: "❤\u{FE0F}") == 2)
            #expect(DisplayText.width(of: "1\u{FE0F}\u{20E3}") == 2)
            #expect(DisplayText.width(of: "👍🏽") == 2)
            // VS15 asks for text presentation: the base's own width.
            #expect(DisplayText.width(of: "❤\u{FE0E}") == 1)
        }

        @Test func combiningMarksAddNothing() {
            #expect(DisplayText.width(of: "e\u{301}\u{302}") == 1)
            #expect(DisplayText.width(of: "漢\u{301}") == 2)
            #expect(DisplayText.cells("a\u{301}b").count == 2)
        }

        @Test func controlsInAClusterStayOnePictureEach() {
            #expect(DisplayText.width(of: "\r\n") == 2)
            #expect(DisplayText.cells("a\r\nb").map(\.scalars) == [["a"], ["\u{240D}"], ["\u{240A}"], ["b"]])
        }

        @Test func clippingNeverSplitsACluster() {
            let text = "ab🇫🇷cd"
            #expect(DisplayText.width(of: DisplayText.truncate(text, to: 4)) <= 4)
            // The flag is kept whole (it was cut to its first letter, 🇫).
            #expect(DisplayText.truncate(text, to: 5) == "ab🇫🇷…")
            #expect(DisplayText.width(of: DisplayText.truncate("👨\u{200D}👩\u{200D}👧xyz", to: 3)) <= 3)
        }

        @Test func aCellKeepsTheWholeCluster() {
            // Every scalar, where it kept what a curses cell holds (the canvas
            // now writes longer clusters itself: ClusterWholeTests).
            let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
            let cell = DisplayText.cells(family)[0]
            #expect(cell.width == 2)
            #expect(cell.scalars == Array(family.unicodeScalars))
        }

        @Test func asciiFastPathAgreesWithCells() {
            for text in ["plain", "tab\there", "\u{1B}[31m", ""] {
                #expect(DisplayText.width(of: text) == DisplayText.cells(text).reduce(0) { $0 + $1.width })
            }
        }
    }
}
