import ShojiCurses

/// The one line a `MeterWidget` draws, laid out for a width as styled runs:
/// pure, so the bar's arithmetic is tested without a screen, and equal
/// lines tell the widget that a new value draws the same cells.
///
/// - `.bars` (htop's): `CPU1 [||||||||        42.0%]`, the value text set
///   into the right end of the bar, in the bar's style where it is filled.
/// - `.blocks`: `CPU1 ████████░░░░░░░░ 42.0%`, the text after the bar
///   (`#` and `-` without UTF-8).
@MainActor
struct MeterLine: Equatable {
    /// The line, left to right.
    var runs: [TextRun]

    /// The cells of a `width`-cell bar that `fraction` fills: to the
    /// nearest cell, at least one for any value above 0 (a busy core never
    /// looks idle), all of them only from the half-cell below full.
    static func filledCells(_ fraction: Double, width: Int) -> Int {
        guard width > 0, fraction > 0 else { return 0 }  // NaN compares false: empty
        let cells = Int((min(fraction, 1) * Double(width)).rounded())
        return min(width, max(1, cells))
    }

    /// Where each segment ends, in cells: the running sum rounded, so the
    /// parts add up to the whole bar's rounding rather than drifting.
    static func segmentEnds(_ segments: [MeterSegment], width: Int) -> [Int] {
        var sum = 0.0
        return segments.map { segment in
            if segment.fraction > 0 { sum += segment.fraction }
            return filledCells(sum, width: width)
        }
    }

    init(label: String, labelWidth: Int?, segments: [MeterSegment], text: String, look: MeterWidget.Look,
         width: Int, theme: Theme)
    {
        var runs: [TextRun] = []
        var room = max(0, width)
        let labelCells = labelWidth ?? DisplayText.width(of: label)
        if labelCells > 0, room > 0 {
            let shown = DisplayText.pad(DisplayText.truncate(label, to: min(labelCells, room)), to: min(labelCells, room))
            runs.append(TextRun(shown, theme.title))
            room -= DisplayText.width(of: shown)
            if room > 0 {
                runs.append(TextRun(" "))
                room -= 1
            }
        }
        switch look {
        case .bars: runs += Self.bars(segments: segments, text: text, width: room, theme: theme)
        case .blocks: runs += Self.blocks(segments: segments, text: text, width: room, theme: theme)
        }
        self.runs = Self.merged(runs)
    }

    /// `[|||||   42.0%]`: the text over the bar's right end.
    private static func bars(segments: [MeterSegment], text: String, width: Int, theme: Theme) -> [TextRun] {
        guard width >= 3 else { return [TextRun(DisplayText.truncate(text, to: width), theme.normal)] }
        let inner = width - 2
        let ends = segmentEnds(segments, width: inner)
        let textCells = DisplayText.width(of: text) <= inner ? DisplayText.cells(text) : []
        let textStart = inner - textCells.reduce(0) { $0 + $1.width }
        func style(at column: Int) -> Style? {
            ends.firstIndex { column < $0 }.map { segments[$0].style }
        }
        var runs = [TextRun("[", theme.normal.with(.bold))]
        for column in 0..<textStart {
            let filled = style(at: column)
            runs.append(TextRun(filled == nil ? " " : "|", filled ?? theme.normal))
        }
        var column = textStart
        for cell in textCells {
            runs.append(TextRun(String(String.UnicodeScalarView(cell.scalars)), style(at: column) ?? theme.secondary))
            column += cell.width
        }
        runs.append(TextRun("]", theme.normal.with(.bold)))
        return runs
    }

    /// `████░░░░ 42.0%`: the text after the bar, the bar whatever is left.
    private static func blocks(segments: [MeterSegment], text: String, width: Int, theme: Theme) -> [TextRun] {
        let textWidth = DisplayText.width(of: text)
        let inner = textWidth > 0 ? width - textWidth - 1 : width
        guard inner >= 1 else { return [TextRun(DisplayText.truncate(text, to: width), theme.normal)] }
        let (full, empty) = DisplayText.asciiOnly ? ("#", "-") : ("█", "░")
        var runs: [TextRun] = []
        var start = 0
        for (segment, end) in zip(segments, segmentEnds(segments, width: inner)) where end > start {
            runs.append(TextRun(String(repeating: full, count: end - start), segment.style))
            start = end
        }
        runs.append(TextRun(String(repeating: empty, count: inner - start), theme.secondary))
        if textWidth > 0 { runs.append(TextRun(" " + text, theme.normal)) }
        return runs
    }

    /// Neighbouring runs of one style joined: fewer, longer draws.
    private static func merged(_ runs: [TextRun]) -> [TextRun] {
        var result: [TextRun] = []
        for run in runs where !run.text.isEmpty {
            if let last = result.last, last.style == run.style {
                result[result.count - 1].text += run.text
            } else {
                result.append(run)
            }
        }
        return result
    }
}
