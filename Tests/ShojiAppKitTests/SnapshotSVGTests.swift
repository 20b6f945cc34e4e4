import Foundation
import Testing
@testable import ShojiTesting
import ShojiAppKit

/// The SVG renderer on hand-made snapshots (no screen needed), then on a
/// real headless screen.
@MainActor struct SnapshotSVGTests {
    private let theme = SnapshotSVG.Theme.dark

    private func svg(_ cells: [SnapshotCell], width: Int? = nil, cursor: CellPoint? = nil) -> String {
        let columns = width ?? cells.reduce(0) { $0 + max(1, DisplayText.width(of: $1.text)) }
        return SnapshotSVG.render(ScreenSnapshot(size: CellSize(width: columns, height: 1), rows: [cells], cursor: cursor))
    }

    private func cells(_ text: String, _ attributes: TextAttributes = [], foreground: Int = -1, background: Int = -1) -> [SnapshotCell] {
        text.map { SnapshotCell(text: String($0), attributes: attributes, foreground: foreground, background: background) }
    }

    /// The `<text>` elements' contents, in order.
    private func texts(in svg: String) -> [String] {
        svg.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("<text"), let open = line.firstIndex(of: ">"), line.hasSuffix("</text>") else { return nil }
            return String(line[line.index(after: open)..<line.index(line.endIndex, offsetBy: -"</text>".count)])
        }
    }

    private func elements(in svg: String, starting prefix: String) -> [String] {
        svg.split(separator: "\n").map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// A theme of one's own: its metrics size the picture and its font and
    /// ANSI colours are the ones drawn.
    @Test func aCustomThemeSizesAndColoursThePicture() {
        var custom = SnapshotSVG.Theme.dark
        custom.cellWidth = 10
        custom.cellHeight = 20
        custom.fontSize = 16
        custom.fontFamily = "Iosevka, monospace"
        custom.ansi[1] = "#ff0000"
        let picture = SnapshotSVG.render(
            ScreenSnapshot(size: CellSize(width: 3, height: 2), rows: [cells("abc", foreground: 1), cells("def")]), theme: custom)
        let size = 2 * custom.padding
        #expect(picture.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="\#(SnapshotSVG.number(size + 30))" "#
            + #"height="\#(SnapshotSVG.number(size + 40))""#))
        #expect(picture.contains(#"<g font-family="Iosevka, monospace" font-size="16">"#))
        #expect(picture.contains("#ff0000"))
    }

    /// `SHOJI_RECORD_SVG` unset: a missing picture is written, others compared.
    @Test func withoutTheVariableMissingPicturesAreWritten() {
        #expect(ProcessInfo.processInfo.environment["SHOJI_RECORD_SVG"] != nil || SnapshotPicture.recordMode == .missing)
    }

    @Test func markupCharactersAndControlsAreEscaped() {
        let picture = SnapshotSVG.render(
            ScreenSnapshot(size: CellSize(width: 8, height: 1), rows: [cells("a<b&\"c'>") ]), title: "Tom & <Jerry>")
        #expect(texts(in: picture) == ["a&lt;b&amp;&quot;c&apos;&gt;"])
        #expect(picture.contains("<title>Tom &amp; &lt;Jerry&gt;</title>"))
        #expect(SnapshotSVG.escaped("\u{1B}[2J\u{7}") == "\u{FFFD}[2J\u{FFFD}")
        #expect(SnapshotSVG.escaped("漢字 é") == "漢字 é")
    }

    @Test func aReverseVideoCellSwapsTheDefaultColours() {
        let picture = svg(cells("ab") + cells("X", .reverse))
        let backgrounds = elements(in: picture, starting: "<rect x=")
        #expect(backgrounds == [#"<rect x="28.8" y="12" width="8.4" height="18" fill="\#(theme.foreground)"/>"#])
        let text = elements(in: picture, starting: "<text").last ?? ""
        #expect(text.contains(#"fill="\#(theme.background)""#) && text.hasSuffix(">X</text>"))
    }

    @Test func coloursAreDrawnByValueFromTheANSIColoursThePaletteAndTheGreyRamp() {
        let picture = svg(cells("r", foreground: 1, background: 4) + cells("o", foreground: 208) + cells("g", foreground: 244))
        #expect(elements(in: picture, starting: "<rect x=") == [##"<rect x="12" y="12" width="8.4" height="18" fill="#2472c8"/>"##])
        let fills = elements(in: picture, starting: "<text").map { $0.components(separatedBy: "fill=\"")[1].prefix(7) }
        #expect(fills == ["#cd3131", "#ff8700", "#808080"])
        #expect(theme.color(number: -1, fallback: "#123456") == "#123456")
        #expect(theme.color(number: 9, fallback: "") == "#f14c4c")
        #expect(theme.color(number: 16, fallback: "") == "#000000")
        #expect(theme.color(number: 231, fallback: "") == "#ffffff")
    }

    @Test func aWideCharacterTakesTwoCellsAndTheNextStartsAfterIt() {
        let picture = svg([SnapshotCell(text: "漢")] + cells("ab"))
        let runs = elements(in: picture, starting: "<text")
        #expect(runs.count == 2)
        #expect(runs[0].hasPrefix(#"<text x="12" "#) && runs[0].contains(#"textLength="16.8""#) && runs[0].hasSuffix(">漢</text>"))
        #expect(runs[1].hasPrefix(#"<text x="28.8" "#) && runs[1].contains(#"textLength="16.8""#) && runs[1].hasSuffix(">ab</text>"))
        // 4 cells wide: 2 x 12 padding + 4 x 8.4.
        #expect(picture.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="57.6" height="42""#))
    }

    @Test func boldItalicDimAndUnderlineShow() {
        let picture = svg(cells("b", .bold) + cells("i", .italic) + cells("d", .dim) + cells("u", .underline))
        let runs = elements(in: picture, starting: "<text")
        #expect(runs[0].contains(#"font-weight="bold""#) && !runs[1].contains("font-weight"))
        #expect(runs[1].contains(#"font-style="italic""#))
        #expect(runs[2].contains(#"opacity="0.6""#))
        // The underline is a line at the bottom of the cell, in the text's colour.
        #expect(elements(in: picture, starting: "<rect x=") == [#"<rect x="37.2" y="28" width="8.4" height="1" fill="\#(theme.foreground)"/>"#])
    }

    @Test func neighboursThatLookAlikeAreOneRunAndBlankRunsDrawNothing() {
        let picture = svg(cells("ab  cd") + cells("ef", .bold) + cells("   "))
        #expect(texts(in: picture) == ["ab  cd", "ef"])
    }

    @Test func theCursorIsMarkedWhereItShows() {
        #expect(svg(cells("ab"), cursor: CellPoint(x: 1, y: 0)).contains(#"<rect x="20.4" y="12" width="8.4" height="18" fill="\#(theme.foreground)" opacity="0.5"/>"#))
        #expect(!svg(cells("ab")).contains("opacity=\"0.5\""))
    }

    @Test func numbersAreWrittenTheSameEverywhere() {
        #expect(SnapshotSVG.number(75.60000000000001) == "75.6")
        #expect(SnapshotSVG.number(12) == "12")
        #expect(SnapshotSVG.number(0.05) == "0.05")
        #expect(SnapshotSVG.number(-0.5) == "-0.5")
        #expect(SnapshotSVG.number(3.999) == "4")
    }

    @Test func aPictureIsRecordedThenMatchedThenReportedWhenTheScreenChanged() throws {
        let path = NSTemporaryDirectory() + "shoji-picture-\(UUID().uuidString)/screen.svg"
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let before = ScreenSnapshot(size: CellSize(width: 3, height: 1), rows: [cells("abc")])
        let after = ScreenSnapshot(size: CellSize(width: 3, height: 1), rows: [cells("abd")])
        #expect(SnapshotPicture.verify(before, title: "t", at: path, mode: .never) == .missing(path: path))
        #expect(SnapshotPicture.verify(before, title: "t", at: path, mode: .missing) == .recorded(path: path))
        #expect(SnapshotPicture.verify(before, title: "t", at: path, mode: .missing) == .matched)
        guard case .mismatched(_, let diff) = SnapshotPicture.verify(after, title: "t", at: path, mode: .missing) else {
            Issue.record("a changed screen must not match its picture")
            return
        }
        #expect(diff.contains("- ") && diff.contains(">abc</text>") && diff.contains(">abd</text>"))
        #expect(SnapshotPicture.verify(after, title: "t", at: path, mode: .all) == .recorded(path: path))
        #expect(try String(contentsOfFile: path, encoding: .utf8) == SnapshotSVG.render(after, title: "t"))
    }
}

extension AppKitSuite {
    /// A real screen: the selection's reverse video becomes a full-width bar.
    @Suite @MainActor struct SnapshotSVGScreenTests {
        @Test func theSelectedRowOfARealScreenIsABarAcrossTheScreen() {
            let harness = ScreenHarness(size: CellSize(width: 50, height: 12), title: "demo")
            defer { harness.end() }
            harness.start(ChoresCoordinator(router: harness.router))
            let marks = harness.attributeLines
            // Row 0 is the header; the first reversed row below it is the selection.
            let selected = try! #require(marks.indices.dropFirst().first { marks[$0].hasPrefix("R") })
            let picture = SnapshotSVG.render(harness.snapshot(), title: "chores")
            let top = SnapshotSVG.number(12 + Double(selected) * 18)
            // The theme's selection has a background colour of its own: the bar spans the row whatever it is.
            #expect(picture.contains(##"<rect x="12" y="\##(top)" width="420" height="18" fill="#"##))
            #expect(picture.contains(">water the plants     "))
            #expect(picture.contains("demo › Chores"))
        }
    }
}
