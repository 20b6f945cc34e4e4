import Testing
@testable import ShojiCurses

extension CursesSuite {
    @Suite @MainActor struct ScreenSnapshotTests {
        /// A full-screen panel of rows with the selected one in reverse video.
        private func background(on screen: TerminalScreen, selected: Int = 1) -> TerminalPanel {
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                for row in 0..<canvas.size.height {
                    let style: Style = row == selected ? .reverse : .plain
                    canvas.text(String(repeating: "\(row % 10)", count: canvas.size.width),
                                at: CellPoint(x: 0, y: row), style: style)
                }
            }
            return panel
        }

        private func dialog(on screen: TerminalScreen) -> TerminalPanel {
            let panel = screen.makePanel { CellRect(size: $0).centered(CellSize(width: 10, height: 3)) }
            panel.draw = { canvas in
                canvas.box(canvas.bounds)
                canvas.text("top", at: CellPoint(x: 1, y: 1), style: .bold)
            }
            return panel
        }

        @Test func topPanelCoversTheOneBelow() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let below = background(on: screen)
            let above = dialog(on: screen)
            let snapshot = screen.snapshot()
            #expect(snapshot.lines == [
                "00000000000000000000",
                "11111┌────────┐11111",
                "22222│top     │22222",
                "33333└────────┘33333",
                "44444444444444444444",
            ])
            #expect(snapshot.attributeLines[1] == "RRRRR          RRRRR")
            #expect(snapshot.attributeLines[2] == "      BBB")
            #expect(above.isAbove(below))
        }

        @Test func hidingTheTopPanelRestoresTheOneBelow() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let below = background(on: screen)
            let above = dialog(on: screen)
            _ = screen.snapshot()
            above.isHidden = true
            let snapshot = screen.snapshot()
            #expect(snapshot.lines == (0..<5).map { String(repeating: "\($0)", count: 20) })
            #expect(snapshot.attributeLines[1] == String(repeating: "R", count: 20))
            _ = below
        }

        @Test func raisingChangesTheZOrder() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let below = background(on: screen)
            let above = dialog(on: screen)
            below.raise()
            #expect(below.isAbove(above))
            #expect(screen.snapshot().lines[2] == "22222222222222222222")
        }

        @Test func everyPanelFollowsAResize() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let below = background(on: screen, selected: 0)
            let above = dialog(on: screen)
            above.isHidden = true
            screen.resize(to: CellSize(width: 30, height: 7))
            above.isHidden = false
            let snapshot = screen.snapshot()
            #expect(below.frame == CellRect(x: 0, y: 0, width: 30, height: 7))
            #expect(above.frame == CellRect(x: 10, y: 2, width: 10, height: 3))
            #expect(snapshot.lines[0] == String(repeating: "0", count: 30))
            #expect(snapshot.lines[2] == "2222222222┌────────┐2222222222")
            #expect(snapshot.lines[6] == String(repeating: "6", count: 30))
        }

        @Test func wideCharactersReadBackOncePerCharacter() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 2))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                canvas.text("漢字ab📱", at: .zero)
                canvas.text("Cafe\u{301} 漢字テキスト", at: CellPoint(x: 0, y: 1))
            }
            let snapshot = screen.snapshot()
            #expect(snapshot.lines == ["漢字ab📱", "Café 漢字テ…"])
        }

        @Test func dataNeverReachesTheTerminalAsEscapes() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 1))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in canvas.text("a\u{1B}[2Jb", at: .zero) }
            #expect(screen.snapshot().lines == ["a␛[2Jb"])
        }

        @Test func rendersAreCoalescedIntoOnePerBatch() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            var requests = 0
            screen.onNeedsRender = { requests += 1 }
            let panels = (0..<3).map { _ in background(on: screen) }
            screen.render()
            let before = screen.renderCount
            requests = 0
            for panel in panels { panel.setNeedsDisplay() }
            panels[0].raise()
            #expect(requests == 1)
            screen.render()
            #expect(screen.renderCount == before + 1)
        }

        @Test func tooSmallShowsANoticeAndRecovers() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 6), minimumSize: CellSize(width: 40, height: 10))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in canvas.text("content", at: .zero) }
            let small = screen.snapshot()
            #expect(small.contains("terminal too small"))
            #expect(small.contains("need 40x10"))
            #expect(!small.contains("content"))
            screen.resize(to: CellSize(width: 40, height: 10))
            let enlarged = screen.snapshot()
            #expect(enlarged.lines[0] == "content")
            #expect(!enlarged.contains("too small"))
        }

        @Test func monochromeKeepsAttributesAndDropsColours() {
            let screen = TerminalScreen.headless(size: CellSize(width: 10, height: 1), colors: false)
            defer { screen.end() }
            #expect(screen.palette.depth == .monochrome)
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                canvas.text("ab", at: .zero, style: Style(foreground: .red))
                canvas.text("cd", at: CellPoint(x: 2, y: 0), style: Style(foreground: .red, attributes: .underline))
            }
            #expect(screen.snapshot().attributeLines == ["  UU"])
        }

        @Test func coloursBecomePairsWhenAvailable() {
            let screen = TerminalScreen.headless(size: CellSize(width: 10, height: 1))
            defer { screen.end() }
            #expect(screen.palette.depth == .palette256)
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                canvas.text("ab", at: .zero, style: Style(foreground: .cyan))
                canvas.text("cd", at: CellPoint(x: 2, y: 0), style: Style(foreground: .yellow))
                canvas.text("e", at: CellPoint(x: 4, y: 0), style: Style(foreground: .cyan))
            }
            #expect(screen.snapshot().attributeLines == ["11221"])
        }

        /// With `cursorPanel` set, the cursor is that panel's wherever it
        /// sits: a panel above it without a cursor (a detail beside a list
        /// being filtered) no longer hides it.
        @Test func theCursorPanelsCursorShowsUnderAPanelWithoutOne() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            let below = background(on: screen)
            let above = dialog(on: screen)
            below.cursor = CellPoint(x: 2, y: 4)
            #expect(screen.snapshot().cursor == nil, "without it, the top panel's: none")
            screen.cursorPanel = { below }
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 4))
            above.cursor = CellPoint(x: 4, y: 1)
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 4), "the other panel's cursor does not show")
            screen.cursorPanel = { nil }
            #expect(screen.snapshot().cursor == nil, "no panel has the keys: no cursor")
        }

        @Test func theCursorIsReadBackInScreenCoordinatesWhileShown() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5))
            defer { screen.end() }
            #expect(screen.snapshot().cursor == nil)
            let below = background(on: screen)
            let above = dialog(on: screen)
            below.cursor = CellPoint(x: 2, y: 4)
            #expect(screen.snapshot().cursor == nil, "the top panel asks for none")
            above.cursor = CellPoint(x: 4, y: 1)
            #expect(screen.snapshot().cursor == CellPoint(x: 9, y: 2), "the top panel's, offset by its origin")
            above.isHidden = true
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 4))
            below.cursor = nil
            #expect(screen.snapshot().cursor == nil)
            #expect(!screen.isCursorVisible)
        }

        @Test func aCursorKnownOnlyAfterDrawingIsPlacedInThatRender() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 3))
            defer { screen.end() }
            var text = ""
            var drawnEnd: CellPoint?
            let panel = screen.makePanel { CellRect(x: 2, y: 1, width: $0.width - 2, height: 1) }
            panel.draw = { canvas in
                canvas.text(text, at: .zero)
                drawnEnd = CellPoint(x: DisplayText.width(of: text), y: 0)
            }
            panel.cursorAfterDraw = { drawnEnd }
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 1))
            var requests = 0
            screen.onNeedsRender = { requests += 1 }
            text = "abc"
            panel.setNeedsDisplay()
            #expect(screen.snapshot().cursor == CellPoint(x: 5, y: 1))
            #expect(panel.cursor == CellPoint(x: 3, y: 0))
            #expect(requests == 1, "placing the cursor asks for no second render")
        }

        @Test func cellsCarryTheirColoursByValueWhateverThePairNumbers() {
            let screen = TerminalScreen.headless(size: CellSize(width: 10, height: 2))
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in
                // Drawn first, so it takes pair 1; the red-on-blue cell takes pair 2.
                canvas.text("g", at: CellPoint(x: 0, y: 0), style: Style(foreground: .indexed(208, fallback: .yellow)))
                canvas.text("r", at: CellPoint(x: 1, y: 0), style: Style(foreground: .red, background: .blue))
                canvas.text("p", at: CellPoint(x: 2, y: 0))
            }
            let row = screen.snapshot().rows[0]
            #expect(row[0].colorPair != row[1].colorPair)
            #expect((row[0].foreground, row[0].background) == (208, -1))
            #expect((row[1].foreground, row[1].background) == (1, 4))
            #expect((row[2].colorPair, row[2].foreground, row[2].background) == (0, -1, -1))
        }

        @Test func aMonochromeScreenHasOnlyTheDefaultColours() {
            let screen = TerminalScreen.headless(size: CellSize(width: 4, height: 1), colors: false)
            defer { screen.end() }
            let panel = screen.makePanel { CellRect(size: $0) }
            panel.draw = { canvas in canvas.text("r", at: .zero, style: Style(foreground: .red, attributes: .bold)) }
            let cell = screen.snapshot().rows[0][0]
            #expect((cell.foreground, cell.background) == (-1, -1))
            #expect(cell.attributes == .bold)
        }

        @Test func noColorIsHonouredWhenSetAndNotEmpty() {
            #expect(ColorPalette.noColorRequested(environment: ["NO_COLOR": "1"]))
            #expect(!ColorPalette.noColorRequested(environment: ["NO_COLOR": ""]))
            #expect(!ColorPalette.noColorRequested(environment: [:]))
        }
    }
}
