import ShojiCurses

/// The lines of a detail page at one width and theme, made only as far as
/// they are asked for: a new item's page is wrapped down to its last row on
/// screen (and one more, to know whether it scrolls); the rest waits until
/// the user scrolls there. A split's preview that moves on with every Down
/// wraps a page, not a whole item.
@MainActor
struct DetailLayout {
    /// The width the lines fit.
    let width: Int
    /// The theme they are styled with.
    let theme: Theme
    private let title: String
    private let fields: [DetailField]
    private let paragraphs: [String]
    /// The column the field keys take (their widest, at most a share of the width).
    private let keyWidth: Int
    /// The gap after a key, and the indent of a value's further lines:
    /// the same for every field, so made once per page, not per field.
    private let gap: TextRun
    private let indent: TextRun
    /// The lines made so far, from the top.
    private(set) var lines: [[TextRun]] = []
    /// The next part to lay out: the title, then each field, then each paragraph.
    private var nextPart = 0

    init(title: String, fields: [DetailField], paragraphs: [String], width: Int, theme: Theme) {
        self.title = title
        self.fields = fields
        self.paragraphs = paragraphs
        self.width = width
        self.theme = theme
        let widest = fields.reduce(0) { max($0, DisplayText.width(of: $1.key)) }
        keyWidth = min(widest, max(1, width / DetailWidget.maximumKeyShare))
        gap = TextRun(String(repeating: " ", count: DetailWidget.keyGap))
        indent = TextRun(String(repeating: " ", count: keyWidth + DetailWidget.keyGap))
    }

    /// Whether every line of the page is made.
    var isComplete: Bool { nextPart > fields.count + paragraphs.count }

    /// Makes lines until there are at least `count` or the page ends.
    mutating func layOut(upTo count: Int) {
        while lines.count < count, !isComplete { layOutNextPart() }
    }

    /// Every line of the page.
    mutating func allLines() -> [[TextRun]] {
        layOut(upTo: .max)
        return lines
    }

    private mutating func layOutNextPart() {
        defer { nextPart += 1 }
        if nextPart == 0 {
            lines += TextWrapper.wrap(title, width: width).map { [TextRun($0, theme.title)] }
            if !fields.isEmpty { lines.append([]) }
        } else if nextPart <= fields.count {
            lines += fieldLines(fields[nextPart - 1])
        } else {
            lines.append([])
            lines += TextWrapper.wrap(paragraphs[nextPart - 1 - fields.count], width: width)
                .map { [TextRun($0, theme.normal)] }
        }
    }

    /// `key` cut and padded to `width` columns. A printable ASCII key that
    /// fits (most keys) is only padded: every item of a list has the same
    /// keys, and a preview lays them out again for each.
    private static func keyColumn(_ key: String, width: Int) -> String {
        let count = key.utf8.count
        guard count <= width, DisplayText.isPrintableASCII(key) else {
            return DisplayText.pad(DisplayText.truncate(key, to: width), to: width)
        }
        return key + String(repeating: " ", count: width - count)
    }

    /// A field's lines: its value wrapped beside its key, or under it when
    /// the room beside the keys is too narrow.
    private func fieldLines(_ field: DetailField) -> [[TextRun]] {
        let valueX = keyWidth + DetailWidget.keyGap
        guard width - valueX >= DetailWidget.minimumValueWidth else {
            return [[TextRun(field.key, theme.secondary)]]
                + TextWrapper.wrap(field.value, width: max(1, width - 2)).map { [TextRun("  " + $0, theme.normal)] }
        }
        let key = TextRun(Self.keyColumn(field.key, width: keyWidth), theme.secondary)
        let values = TextWrapper.wrap(field.value, width: width - valueX)
        var lines: [[TextRun]] = []
        lines.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            lines.append(index == 0 ? [key, gap, TextRun(value, theme.normal)] : [indent, TextRun(value, theme.normal)])
        }
        return lines
    }
}
