import Testing
import ShojiCurses
@testable import ShojiWidgets

@MainActor
private func phoneDetail() -> DetailWidget {
    DetailWidget(
        title: "iPhone 15 Pro",
        fields: [
            DetailField("Chip", "A17 Pro"),
            DetailField("Storage", "128 GB, 256 GB, 512 GB, 1 TB"),
            DetailField("名前", "漢字テキスト漢字テキスト"),
        ],
        paragraphs: ["Titanium design with the Action button and USB-C."]
    )
}

extension WidgetsSuite {
    @Suite @MainActor struct DetailWidgetTests {
        @Test func alignsKeysAndWrapsValuesAndParagraphs() {
            let detail = phoneDetail()
            let harness = WidgetHarness(detail, size: CellSize(width: 30, height: 12))
            defer { harness.end() }
            let snapshot = harness.snapshot()
            #expect(snapshot.lines == [
                "iPhone 15 Pro",
                "",
                "Chip     A17 Pro",
                "Storage  128 GB, 256 GB, 512",
                "         GB, 1 TB",
                "名前     漢字テキスト漢字テキ",
                "         スト",
                "",
                "Titanium design with the",
                "Action button and USB-C.",
                "",
                "",
            ])
            #expect(snapshot.attributeLines[0].hasPrefix("BBBBBBBBBBBBB"))
            #expect(snapshot.attributeLines[2].hasPrefix("DDDD"))
        }

        @Test func narrowWidthPutsValuesUnderKeys() {
            let detail = phoneDetail()
            let harness = WidgetHarness(detail, size: CellSize(width: 14, height: 9))
            defer { harness.end() }
            #expect(harness.snapshot().lines == [
                "iPhone 15 Pro",
                "",
                "Chip",
                "  A17 Pro",
                "Storage",
                "  128 GB, 256",
                "  GB, 512 GB,",
                "  1 TB",
                "名前",
            ])
        }

        @Test func scrollsByLinePageAndEnds() {
            let detail = phoneDetail()
            let harness = WidgetHarness(detail, size: CellSize(width: 30, height: 4))
            defer { harness.end() }
            _ = harness.snapshot()
            detail.press(.character("j"))
            #expect(harness.snapshot().lines[0] == "")
            detail.press(.end)
            #expect(harness.snapshot().lines == ["         スト", "", "Titanium design with the", "Action button and USB-C."])
            #expect(detail.scrollOffset == 6)
            detail.press(.down)
            #expect(detail.scrollOffset == 6)
            detail.press(.pageUp)
            #expect(detail.scrollOffset == 2)
            detail.press(.character("g"))
            #expect(detail.scrollOffset == 0)
            detail.press(.up)
            #expect(detail.scrollOffset == 0)
        }
    }
}

/// Wrapping by display width, in the serialized suite for the locale.
extension WidgetsSuite {
    @Suite @MainActor struct TextWrapperTests {
        @Test func asciiIsWrappedExactlyAsCellByCell() {
            // The ASCII path skips laying text out as cells; it must break
            // every line where the cell path does (spaces in runs, words
            // longer than the width, leading and trailing spaces).
            let pieces = ["a", "bb", "word", "longerword", "x", " ", "  ", "abcdefghijklmnop"]
            for number in 0..<4096 {  // every text of up to four pieces, by the digits of `number` in base 8
                var digits = number, words: [String] = []
                while digits > 0 { words.append(pieces[digits % 8]); digits /= 8 }
                let text = words.joined(separator: " ")
                for width in [1, 2, 3, 5, 8, 13, 40] {
                    var bytes = text
                    let ascii = bytes.withUTF8 { TextWrapper.wrapASCII($0, width: width) }
                    #expect(ascii == TextWrapper.wrapByCells(text[...], width: width), "\(text.debugDescription) at \(width)")
                }
            }
        }

        init() { useUTF8Locale() }

        @Test func breaksAtSpacesAndInsideOverlongWords() {
            #expect(TextWrapper.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
            #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
            #expect(TextWrapper.wrap("one\n\ntwo", width: 10) == ["one", "", "two"])
            #expect(TextWrapper.wrap("", width: 10) == [""])
            #expect(TextWrapper.wrap("a\r\nb", width: 10) == ["a␍␊b"], "CR LF is one character, not a line break")
            #expect(TextWrapper.wrap("one two\nthree", width: 4) == ["one", "two", "thre", "e"])
        }

        @Test func neverSplitsWideCharactersOrCombiningMarks() {
            #expect(TextWrapper.wrap("漢字テキスト", width: 5) == ["漢字", "テキ", "スト"])
            #expect(TextWrapper.wrap("Cafe\u{301}s", width: 4) == ["Cafe\u{301}", "s"])
            #expect(TextWrapper.wrap("📱📱📱", width: 3) == ["📱", "📱", "📱"])
        }

        @Test func theWheelScrollsThreeLinesAStep() {
            let detail = phoneDetail()
            let harness = WidgetHarness(detail, size: CellSize(width: 30, height: 4))
            defer { harness.end() }
            _ = harness.snapshot()
            #expect(detail.handle(.mouse(MouseEvent(action: .wheelDown, position: .zero))))
            #expect(detail.scrollOffset == 3)
            #expect(detail.handle(.mouse(MouseEvent(action: .wheelUp, position: .zero))))
            #expect(detail.scrollOffset == 0)
            #expect(!detail.handle(.mouse(MouseEvent(action: .press, button: .left, position: .zero))))
        }
    }
}
