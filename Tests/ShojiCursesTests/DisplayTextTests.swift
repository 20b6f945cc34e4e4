import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Widths follow wcwidth under C.UTF-8, so these run after a screen set it.
    @Suite @MainActor struct DisplayTextTests {
        init() { TerminalScreen.headless(size: CellSize(width: 10, height: 2)).end() }

        @Test func widthsByScript() {
            #expect(DisplayText.width(of: "hello") == 5)
            #expect(DisplayText.width(of: "café") == 4)
            #expect(DisplayText.width(of: "cafe\u{301}") == 4)
            #expect(DisplayText.width(of: "漢字") == 4)
            #expect(DisplayText.width(of: "📱") == 2)
            #expect(DisplayText.width(of: "") == 0)
        }

        @Test func aStringIsMeasuredAsAnyOtherText() {
            // `width(of:)` has a String overload (not generic, for speed):
            // it must measure as the generic one does, in both modes.
            let previous = DisplayText.asciiOnly
            defer { DisplayText.asciiOnly = previous }
            for asciiOnly in [false, true] {
                DisplayText.asciiOnly = asciiOnly
                for text in ["", "hello", "café", "cafe\u{301}", "漢字", "📱", "👨‍👩‍👧", "tab\there", "\u{1B}[2J", "a\u{202E}b"] {
                    #expect(DisplayText.width(of: text) == DisplayText.width(of: text[...]), "\(text), ascii only \(asciiOnly)")
                }
            }
        }

        @Test func combiningMarksJoinTheirBaseCell() {
            let cells = DisplayText.cells("e\u{301}x")
            #expect(cells.count == 2)
            #expect(cells[0].scalars == ["e", "\u{301}"])
            #expect(cells[0].width == 1)
        }

        @Test func asciiIsTruncatedAndPaddedExactlyAsCellByCell() {
            // Printable ASCII skips the cells; the strings must be those the
            // cells give, in both modes (`…` or `~` where cut).
            let previous = DisplayText.asciiOnly
            defer { DisplayText.asciiOnly = previous }
            for asciiOnly in [false, true] {
                DisplayText.asciiOnly = asciiOnly
                for text in ["", "a", "Name", "Launch price", "two  spaces ", "~!@#$%^&*()_+{}|:<>?"] {
                    for width in -1...14 {
                        let cells = DisplayText.clip(text, to: width)
                        let used = cells.reduce(0) { $0 + $1.width }
                        #expect(DisplayText.truncate(text, to: width) == DisplayText.string(from: cells))
                        #expect(DisplayText.pad(text, to: width)
                                == DisplayText.string(from: cells) + String(repeating: " ", count: max(0, width - used)))
                    }
                }
            }
        }

        @Test func truncationUsesAnEllipsisInTheLastColumn() {
            #expect(DisplayText.truncate("Hello, world", to: 8) == "Hello, …")
            #expect(DisplayText.truncate("Hello", to: 5) == "Hello")
            #expect(DisplayText.truncate("Hello", to: 1) == "…")
            #expect(DisplayText.truncate("Hello", to: 0) == "")
        }

        @Test func truncationNeverSplitsAWideCharacter() {
            #expect(DisplayText.truncate("漢字テキスト", to: 5) == "漢字…")
            #expect(DisplayText.truncate("漢字テキスト", to: 4) == "漢…")
            #expect(DisplayText.width(of: DisplayText.truncate("📱📱📱", to: 4)) <= 4)
        }

        @Test func paddingFillsToTheExactWidth() {
            #expect(DisplayText.pad("ab", to: 4) == "ab  ")
            #expect(DisplayText.pad("漢字テ", to: 5) == "漢字…")
            #expect(DisplayText.width(of: DisplayText.pad("漢", to: 5)) == 5)
        }

        @Test func controlCharactersBecomeVisiblePictures() {
            #expect(DisplayText.truncate("a\u{1B}[31mb\u{7F}\u{07}", to: 20) == "a␛[31mb␡␇")
            #expect(DisplayText.truncate("x\u{9B}y", to: 20) == "x\u{FFFD}y")
        }
    }
}

extension CursesSuite {
    /// Drawing a line of a huge string looks only at what fits.
    @Suite @MainActor struct LongTextTests {
        init() { TerminalScreen.headless(size: CellSize(width: 10, height: 2)).end() }

        @Test func cellsStopAtTheFirstCellPastTheLimit() {
            #expect(DisplayText.cells("abcdef", upTo: 3).count == 4)
            #expect(DisplayText.cells("漢字テキスト", upTo: 3).count == 2)
            #expect(DisplayText.cells("e\u{301}e\u{301}e\u{301}", upTo: 1).map(\.scalars) == [["e", "\u{301}"], ["e", "\u{301}"]])
            #expect(DisplayText.cells("abc", upTo: 10).count == 3)
        }

        @Test func clippingATenMegabyteStringIsLikeClippingItsStart() {
            let huge = String(repeating: "word ", count: 2_000_000)
            let started = ContinuousClock.now
            for _ in 0..<100 { _ = DisplayText.clip(huge, to: 80) }
            #expect(ContinuousClock.now - started < .seconds(1))
            #expect(DisplayText.truncate(huge, to: 12) == "word word w…")
        }
    }
}
