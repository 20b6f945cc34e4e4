import Testing
import ShojiCurses
@testable import ShojiWidgets

/// What a palette reported and which actions really ran, so a test can tell
/// "the palette chose it" from "the palette ran it" (only the owner runs).
@MainActor
final class PaletteProbe {
    var ran: [String] = []
    var closed = 0
    var actions: [String] = []
}

/// A screen's and an app's bindings as an owner would collect them: one
/// duplicate (the same label and keys declared twice) and one binding with
/// no label, which the palette must both leave out.
@MainActor
func paletteBindings(_ probe: PaletteProbe) -> [KeyBinding] {
    func binding(_ keys: [TerminalKey], _ label: String, footer: Bool = true) -> KeyBinding {
        KeyBinding(keys, label, footer: footer) { probe.actions.append(label) }
    }
    return [
        binding([.enter, .right, .character("l")], "open"),
        binding([.character("f")], "favourite"),
        binding([.character("/")], "filter"),
        binding([.control("r")], "Refresh catalogue"),
        binding([.character("s")], "Sort by year"),
        binding([.enter, .right, .character("l")], "open", footer: false),
        binding([.character("x")], ""),
        binding([.control("o")], "Sign out and forget the saved password"),
        binding([.character("?")], "help"),
        binding([.character("q")], "quit"),
    ]
}

@MainActor
func makePalette(_ probe: PaletteProbe, bindings: [KeyBinding]? = nil) -> CommandPalette {
    let palette = CommandPalette(bindings: bindings ?? paletteBindings(probe))
    palette.onRun = { probe.ran.append($0.label) }
    palette.onClose = { probe.closed += 1 }
    return palette
}

/// Labels only, every action recorded in `probe`.
@MainActor
func labelledBindings(_ labels: [String], _ probe: PaletteProbe) -> [KeyBinding] {
    labels.map { label in KeyBinding([.function(1)], label) { probe.actions.append(label) } }
}

/// The screens the palette is tested on: roomy, and narrower than its
/// natural width so that labels must be cut.
let paletteScreens = [CellSize(width: 80, height: 24), CellSize(width: 40, height: 12)]

extension WidgetsSuite {
    @Suite @MainActor struct CommandPaletteTests {
        /// A harness the size the owner would give the palette on `screen`.
        func harness(_ palette: CommandPalette, on screen: CellSize, colors: Bool = true) -> WidgetHarness {
            WidgetHarness(palette, size: palette.preferredSize(in: screen), colors: colors)
        }

        /// The labels drawn in the command rows, top to bottom.
        func drawnLabels(_ snapshot: ScreenSnapshot) -> [String] {
            snapshot.lines.dropFirst(3).dropLast().map { line in
                String(line.dropFirst(2).prefix { $0 != "│" })
                    .split(separator: "  ").first.map(String.init) ?? ""
            }.filter { !$0.allSatisfy(\.isWhitespace) }
        }

        @Test func drawsTitleQueryAndEveryCommandWithItsKeysRightAligned() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            let wide = harness(palette, on: paletteScreens[0])
            #expect(wide.snapshot().lines == [
                "┌─ Commands ─────────────────────────────────────┐",
                "│ >                                              │",
                "├────────────────────────────────────────────────┤",
                "│ open                                 Enter/→/l │",
                "│ favourite                                    f │",
                "│ filter                                       / │",
                "│ Refresh catalogue                       Ctrl-R │",
                "│ Sort by year                                 s │",
                "│ Sign out and forget the saved password  Ctrl-O │",
                "│ help                                         ? │",
                "│ quit                                         q │",
                "└────────────────────────────────────────────────┘",
            ])
            wide.end()
            let narrow = harness(palette, on: paletteScreens[1])
            defer { narrow.end() }
            #expect(narrow.snapshot().lines == [
                "┌─ Commands ───────────────────────────┐",
                "│ >                                    │",
                "├──────────────────────────────────────┤",
                "│ open                       Enter/→/l │",
                "│ favourite                          f │",
                "│ filter                             / │",
                "│ Refresh catalogue             Ctrl-R │",
                "│ Sort by year                       s │",
                "│ Sign out and forget the sav…  Ctrl-O │",
                "│ help                               ? │",
                "│ quit                               q │",
                "└──────────────────────────────────────┘",
            ])
        }

        @Test func skipsDuplicatesAndBindingsWithoutALabel() {
            useUTF8Locale()
            let palette = makePalette(PaletteProbe())
            #expect(palette.commands.map(\.label) == [
                "open", "favourite", "filter", "Refresh catalogue", "Sort by year",
                "Sign out and forget the saved password", "help", "quit",
            ])
            // The same label with other keys is another command.
            let other = CommandPalette(bindings: [KeyBinding([.enter], "open") {}, KeyBinding([.character("o")], "open") {},
                                                  KeyBinding([.enter], "open") {}, KeyBinding([.tab], "  ") {}])
            #expect(other.commands.map(\.keyNames) == ["Enter", "o"])
        }

        @Test(arguments: paletteScreens)
        func typingFiltersCaseInsensitively(screen: CellSize) {
            useUTF8Locale()
            let palette = makePalette(PaletteProbe())
            let harness = harness(palette, on: screen)
            defer { harness.end() }
            // Fuzzy: "forget the saved" holds f, a, v in order too, ranked after the prefix.
            let fav = ["favourite", "Sign out and forget the saved password"]
            palette.type("fav")
            var snapshot = harness.snapshot()
            #expect(snapshot.lines[1].hasPrefix("│ > fav "))
            #expect(drawnLabels(snapshot).map { $0.hasSuffix("…") ? String($0.dropLast()) : $0 }
                .enumerated().allSatisfy { fav[$0.offset].hasPrefix($0.element) })
            #expect(palette.matches.map(\.label) == fav)
            #expect(!snapshot.contains("filter"))
            palette.press(.control("u"))
            palette.type("FaV")
            snapshot = harness.snapshot()
            #expect(palette.query == "FaV")
            #expect(palette.matches.map(\.label) == fav)
            palette.press(.control("u"))
            palette.type("REFRESH")
            #expect(drawnLabels(harness.snapshot()) == ["Refresh catalogue"])
        }

        @Test func labelPrefixMatchesComeFirstThenDeclarationOrder() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe, bindings: labelledBindings(
                ["Move to trash", "Open recent", "Remove", "Theme", "Rename", "Redo"], probe))
            let harness = harness(palette, on: paletteScreens[1], colors: false)
            defer { harness.end() }
            palette.type("re")
            #expect(palette.matches.map(\.label) == ["Remove", "Rename", "Redo", "Open recent"])
            let snapshot = harness.snapshot()
            #expect(drawnLabels(snapshot) == ["Remove", "Rename", "Redo", "Open recent"])
            // The match is highlighted where it is, not only at the start.
            #expect(snapshot.attributeLines[6].hasPrefix("       BB "))
            palette.press(.backspace, .backspace)
            palette.type("RE")
            #expect(palette.matches.map(\.label) == ["Remove", "Rename", "Redo", "Open recent"])
            palette.press(.control("u"))
            palette.type("e")
            #expect(palette.matches.map(\.label) == ["Move to trash", "Open recent", "Remove", "Theme", "Rename", "Redo"])
        }

        @Test func matchesFuzzilyPrefixAndWordStartsFirst() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe, bindings: labelledBindings(
                ["Sort by year", "alter filters", "filter", "Flat list", "toggle flat tree", "file"], probe))
            let harness = harness(palette, on: paletteScreens[0], colors: false)
            defer { harness.end() }
            palette.type("flt")
            // Scattered letters find "filter"; spread over word starts ("flat tree") ranks first.
            #expect(palette.matches.map(\.label) == ["toggle flat tree", "alter filters", "filter", "Flat list"])
            palette.press(.control("u"))
            palette.type("fil")
            // The prefixes, then the run at a word start; "Flat list" has no i before an l.
            #expect(palette.matches.map(\.label) == ["filter", "file", "alter filters"])
            palette.press(.control("u"))
            palette.type("sby")
            #expect(palette.matches.map(\.label) == ["Sort by year"])
            palette.press(.control("u"))
            palette.type("ter")
            // Inside a word, then scattered.
            #expect(palette.matches.map(\.label) == ["alter filters", "filter", "Sort by year", "toggle flat tree"])
            palette.press(.control("u"))
            palette.type("FLT")
            let snapshot = harness.snapshot()
            // Each matched letter is highlighted where it is: f, l and t of "filter".
            let row = drawnLabels(snapshot).firstIndex(of: "filter")! + 3
            #expect(String(snapshot.attributeLines[row].dropFirst(2).prefix(6)) == "B BB  ")
        }

        @Test func qJAndKAreTextNotQuitOrMotion() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            let harness = harness(palette, on: paletteScreens[0])
            defer { harness.end() }
            #expect(palette.isEditingText)
            #expect(palette.press(.character("q")) == [true])
            #expect(palette.query == "q")
            #expect(drawnLabels(harness.snapshot()) == ["quit"])
            #expect(probe.actions.isEmpty && probe.ran.isEmpty && probe.closed == 0)
            palette.press(.control("u"))
            #expect(palette.press(.character("j"), .character("k"), .character("?")) == [true, true, true])
            #expect(palette.query == "jk?")
            #expect(palette.isEditingText)
            #expect(probe.actions.isEmpty && probe.ran.isEmpty && probe.closed == 0)
        }

        @Test(arguments: paletteScreens)
        func enterReportsTheSelectedBindingAndLeavesRunningItToTheOwner(screen: CellSize) {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            let harness = harness(palette, on: screen)
            defer { harness.end() }
            palette.type("fav")
            _ = harness.snapshot()
            #expect(palette.press(.enter) == [true])
            #expect(probe.ran == ["favourite"])
            #expect(probe.actions.isEmpty)
            palette.press(.control("u"), .down, .down)
            var chosen: KeyBinding?
            palette.onRun = { chosen = $0 }
            palette.press(.enter)
            #expect(chosen?.label == "filter")
            #expect(chosen?.keys == [.character("/")])
            chosen?.action()
            #expect(probe.actions == ["filter"])
        }

        @Test func escapeAndBackspaceOnAnEmptyQueryClose() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            #expect(palette.press(.escape) == [true])
            #expect(probe.closed == 1)
            palette.type("ab")
            palette.press(.left, .left)
            #expect(palette.press(.backspace) == [true])
            #expect(palette.query == "ab" && probe.closed == 1)
            palette.press(.end, .backspace, .backspace)
            #expect(palette.query == "" && probe.closed == 1)
            #expect(palette.press(.left) == [true])
            #expect(probe.closed == 1)
            #expect(palette.press(.backspace) == [true])
            #expect(probe.closed == 2)
            palette.type("fav")
            palette.press(.escape)
            #expect(probe.closed == 3)
            #expect(probe.ran.isEmpty && probe.actions.isEmpty)
        }

        @Test(arguments: paletteScreens)
        func selectionClampsAtTheEdgesAndIsDrawnInReverseVideo(screen: CellSize) {
            useUTF8Locale()
            let palette = makePalette(PaletteProbe())
            let harness = harness(palette, on: screen, colors: false)
            defer { harness.end() }
            let width = palette.preferredSize(in: screen).width
            let bar = " " + String(repeating: "R", count: width - 2)
            /// The rows (0 = first command) drawn as a selection bar.
            func selectedRows() -> [Int] {
                let snapshot = harness.snapshot()
                return snapshot.attributeLines.indices.filter { snapshot.attributeLines[$0] == bar }.map { $0 - 3 }
            }
            #expect(selectedRows() == [0])
            #expect(harness.snapshot().rows[3][2].attributes == [.reverse, .bold])
            palette.press(.up)
            #expect(selectedRows() == [0])
            #expect(palette.selectedCommand?.label == "open")
            palette.press(.down)
            #expect(selectedRows() == [1])
            palette.press(.control("n"), .control("n"))
            #expect(selectedRows() == [3])
            palette.press(.control("p"))
            #expect(selectedRows() == [2])
            palette.press(.pageDown)
            #expect(selectedRows() == [7])
            palette.press(.down, .control("n"))
            #expect(selectedRows() == [7])
            #expect(palette.selectedCommand?.label == "quit")
            palette.press(.pageUp)
            #expect(selectedRows() == [0])
            // A new query selects its best match, wherever the selection was.
            palette.press(.down, .down)
            palette.type("s")
            #expect(palette.selectedCommand?.label == "Sort by year")
            #expect(selectedRows() == [0])
        }

        @Test func scrollsToKeepTheSelectionVisible() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let labels = (1...20).map { "command \($0)" }
            let palette = makePalette(probe, bindings: labelledBindings(labels, probe))
            let harness = harness(palette, on: paletteScreens[1], colors: false)
            defer { harness.end() }
            #expect(palette.preferredSize(in: paletteScreens[1]).height == 12)
            #expect(drawnLabels(harness.snapshot()) == Array(labels[0..<8]))
            palette.press(.pageDown)
            let snapshot = harness.snapshot()
            #expect(drawnLabels(snapshot) == Array(labels[1..<9]))
            #expect(snapshot.attributeLines[10].contains("RRRR"))
            palette.press(.pageDown, .pageDown, .pageDown)
            #expect(drawnLabels(harness.snapshot()) == Array(labels[12..<20]))
            palette.press(.enter)
            #expect(probe.ran == ["command 20"])
        }

        @Test(arguments: paletteScreens)
        func saysNoMatchingCommandsAndEnterDoesNothing(screen: CellSize) {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            let harness = harness(palette, on: screen)
            defer { harness.end() }
            #expect(!harness.snapshot().contains("No matching commands"))
            palette.type("zzz")
            let snapshot = harness.snapshot()
            #expect(snapshot.lines[3].hasPrefix("│ No matching commands "))
            #expect(snapshot.attributeLines[3].dropFirst(2).hasPrefix(String(repeating: "D", count: 20)))
            #expect(palette.selectedCommand == nil)
            #expect(palette.press(.enter) == [true])
            #expect(probe.ran.isEmpty && probe.closed == 0)
            palette.press(.backspace, .backspace, .backspace)
            #expect(drawnLabels(harness.snapshot()).count == 8)
        }

        @Test(arguments: paletteScreens)
        func theCursorFollowsTheQuery(screen: CellSize) {
            useUTF8Locale()
            let palette = makePalette(PaletteProbe())
            let harness = harness(palette, on: screen)
            defer { harness.end() }
            let width = palette.preferredSize(in: screen).width
            _ = harness.snapshot()
            #expect(palette.cursorPosition == CellPoint(x: 4, y: 1))
            palette.type("fav")
            _ = harness.snapshot()
            #expect(palette.cursorPosition == CellPoint(x: 7, y: 1))
            palette.press(.left)
            _ = harness.snapshot()
            #expect(palette.cursorPosition == CellPoint(x: 6, y: 1))
            palette.press(.home)
            _ = harness.snapshot()
            #expect(palette.cursorPosition == CellPoint(x: 4, y: 1))
            // A query longer than the field scrolls; the cursor stays inside the box.
            palette.press(.end)
            palette.type(String(repeating: "x", count: 70))
            let snapshot = harness.snapshot()
            #expect(palette.cursorPosition == CellPoint(x: width - 3, y: 1))
            #expect(snapshot.lines[1] == "│ > " + String(repeating: "x", count: width - 7) + "  │")
        }

        @Test func aLongLabelIsCutWithAnEllipsisAtTheNarrowSizeNeverWrapped() {
            useUTF8Locale()
            let palette = makePalette(PaletteProbe())
            let wide = harness(palette, on: paletteScreens[0])
            #expect(wide.snapshot().contains("Sign out and forget the saved password  Ctrl-O"))
            wide.end()
            let narrow = harness(palette, on: paletteScreens[1])
            defer { narrow.end() }
            let snapshot = narrow.snapshot()
            let row = snapshot.row(containing: "Sign out")
            #expect(row == 8)
            #expect(snapshot.lines[8] == "│ Sign out and forget the sav…  Ctrl-O │")
            #expect(snapshot.lines[9] == "│ help                               ? │")
            #expect(!snapshot.contains("password"))
            // The whole label stays reachable and runs as itself.
            palette.type("password")
            #expect(narrow.snapshot().lines[3] == "│ Sign out and forget the sav…  Ctrl-O │")
        }

        @Test func preferredSizeFitsTheLongestRowWithinItsLimits() {
            useUTF8Locale()
            let probe = PaletteProbe()
            let palette = makePalette(probe)
            #expect(palette.preferredSize(in: paletteScreens[0]) == CellSize(width: 50, height: 12))
            #expect(palette.preferredSize(in: paletteScreens[1]) == CellSize(width: 40, height: 12))
            #expect(palette.preferredSize(in: CellSize(width: 10, height: 3)) == CellSize(width: 10, height: 3))
            let long = CommandPalette(bindings: [KeyBinding([.enter], String(repeating: "w", count: 70)) {}])
            #expect(long.preferredSize(in: CellSize(width: 200, height: 50)) == CellSize(width: 60, height: 5))
            let many = CommandPalette(bindings: labelledBindings((1...30).map { "c\($0)" }, probe))
            #expect(many.preferredSize(in: CellSize(width: 200, height: 50)) == CellSize(width: 24, height: 16))
            // The box keeps its size while the matches change.
            palette.type("fav")
            #expect(palette.preferredSize(in: paletteScreens[0]) == CellSize(width: 50, height: 12))
        }

        @Test func advertisesRunAndCloseInTheFooterAndTheRestInHelp() {
            let palette = makePalette(PaletteProbe())
            #expect(palette.bindings.filter(\.showsInFooter).map { "\($0.keyNames) \($0.label)" } == ["Enter run", "Esc close"])
            #expect(palette.bindings.map(\.keyNames) == ["Enter", "Esc", "↑/Ctrl-P", "↓/Ctrl-N", "PgUp", "PgDn"])
        }
    }
}
