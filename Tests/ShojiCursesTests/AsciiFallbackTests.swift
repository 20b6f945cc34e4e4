import Testing
@testable import ShojiCurses

extension CursesSuite {
    /// Without a UTF-8 locale (`LANG=C`) only printable ASCII reaches the
    /// terminal. `DisplayText.asciiOnly` is process-wide: each test sets it
    /// and puts it back without suspending, so no other screen test sees it.
    @Suite @MainActor struct AsciiFallbackTests {
        private func ascii<T>(_ body: () -> T) -> T {
            let previous = DisplayText.asciiOnly
            DisplayText.asciiOnly = true
            defer { DisplayText.asciiOnly = previous }
            return body()
        }

        @Test func theAppsSymbolsHaveASCIILookAlikes() {
            ascii {
                #expect(DisplayText.truncate("catalog › Home › List", to: 40) == "catalog > Home > List")
                #expect(DisplayText.truncate("Loading the catalogue…", to: 40) == "Loading the catalogue...")
                #expect(DisplayText.truncate("51 items · embedded", to: 40) == "51 items - embedded")
                #expect(DisplayText.truncate("★ In ☆ Out •••", to: 40) == "* In - Out ***")
                #expect(DisplayText.truncate("Enter/→/l open  ↑/↓ move", to: 40) == "Enter/Right/l open  Up/Down move")
                #expect(DisplayText.truncate("┌─┐│└┘", to: 40) == "+-+|++")
            }
        }

        @Test func dataIsShownAsPrintableASCIIWithTheSameWidthItIsMeasuredAt() {
            ascii {
                let text = "Cafe\u{301} café 漢字 📱 \u{1B}[2J\u{7F}\u{9B}\t\u{200D}x"
                let shown = DisplayText.truncate(text, to: 200)
                #expect(shown == "Cafe cafe ?? ? ^[[2J^??^Ix")
                #expect(DisplayText.truncate("Łódź Ærø Ÿ", to: 40) == "Lodz ?ro Y")
                #expect(shown.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F })
                #expect(DisplayText.width(of: text) == shown.count)
                #expect(DisplayText.cells(text).allSatisfy { $0.width == 1 && $0.scalars.count == 1 })
            }
        }

        @Test func cutTextEndsInATilde() {
            ascii {
                #expect(DisplayText.truncate("Hello, world", to: 8) == "Hello, ~")
                #expect(DisplayText.pad("漢字テキスト", to: 4) == "???~")
            }
        }

        @Test func aBoxAndAHeaderOnAnASCIIScreenAreASCII() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 5))
            defer { screen.end() }
            let lines: [String] = ascii {
                let panel = screen.makePanel { CellRect(size: $0) }
                panel.draw = { canvas in
                    canvas.text("catalog › Home › A very long title", at: .zero)
                    canvas.box(CellRect(x: 0, y: 1, width: 30, height: 4), title: "Could not load…")
                }
                let lines = screen.snapshot().lines
                panel.isHidden = true
                return lines
            }
            #expect(lines == [
                "catalog > Home > A very long ~",
                "+- Could not load... --------+",
                "|                            |",
                "|                            |",
                "+----------------------------+",
            ])
        }

        @Test func onlyALocaleThatNamesAnotherCharsetMeansASCII() {
            #expect(TerminalLocale.choosesNonUTF8(["LANG": "C"]))
            #expect(TerminalLocale.choosesNonUTF8(["LANG": "C.UTF-8", "LC_ALL": "C"]))
            #expect(TerminalLocale.choosesNonUTF8(["LANG": "C.UTF-8", "LC_CTYPE": "POSIX"]))
            #expect(TerminalLocale.choosesNonUTF8(["LANG": "en_US.ISO-8859-1"]))
            #expect(!TerminalLocale.choosesNonUTF8(["LANG": "C", "LC_ALL": "C.UTF-8"]))
            #expect(!TerminalLocale.choosesNonUTF8(["LANG": "en_US.utf8"]))
            // Not installed here, but the user wants UTF-8: C.UTF-8 stands in.
            #expect(!TerminalLocale.choosesNonUTF8(["LANG": "de_DE.UTF-8"]))
            // Nothing chosen: assume a UTF-8 terminal, as before.
            #expect(!TerminalLocale.choosesNonUTF8([:]))
            #expect(!TerminalLocale.choosesNonUTF8(["LC_ALL": "", "LANG": ""]))
        }
    }
}
