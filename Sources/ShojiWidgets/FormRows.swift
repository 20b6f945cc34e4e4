import ShojiCurses

/// Where each part of a ``FormWidget`` goes at one width: drawing, measuring
/// and a scroll view keeping the focus in sight read the same rows.
struct FormRows: Hashable {
    /// Whether the fields go under their labels (a narrow form).
    var stacked: Bool
    /// The column the fields, their errors and the buttons start at.
    var fieldX: Int
    /// A one-line field's width.
    var fieldWidth: Int
    /// Each field's label row.
    var labelRows: [Int] = []
    /// Each field's first row of text.
    var fieldRows: [Int] = []
    /// The row of each field's error, when it has one.
    var errorRows: [Int?] = []
    /// The buttons' row, when there are buttons.
    var buttonRow: Int?
    /// The form-level message's row, when there is one.
    var messageRow: Int?
    /// Every row the form draws.
    var height = 0
}

extension FormWidget {
    static let maximumFieldWidth = 40
    /// Narrower than this beside the labels, fields go under their labels.
    static let minimumFieldWidth = 8

    /// The rows of the form at `width`, with its errors and message now.
    func rows(forWidth width: Int) -> FormRows {
        let labelWidth = fields.reduce(0) { max($0, DisplayText.width(of: $1.label)) }
        let besideX = labelWidth + 2
        let stacked = width - besideX < Self.minimumFieldWidth
        let fieldX = stacked ? 0 : besideX
        var rows = FormRows(stacked: stacked, fieldX: fieldX,
                            fieldWidth: max(1, min(Self.maximumFieldWidth, width - fieldX)))
        var y = 0
        for (index, field) in fields.enumerated() {
            rows.labelRows.append(y)
            if stacked { y += 1 }
            rows.fieldRows.append(y)
            y += areas[index] == nil ? 1 : field.lines
            if errors[field.id] != nil {
                rows.errorRows.append(y)
                y += 1
            } else {
                rows.errorRows.append(nil)
            }
        }
        if !buttons.isEmpty {
            if !fields.isEmpty { y += 1 }
            rows.buttonRow = y
            y += 1
        }
        if message != nil {
            rows.messageRow = y + 1
            y += 2
        }
        rows.height = y
        return rows
    }

    /// Every field, its error, the buttons and the message at `width`.
    public func measuredHeight(forWidth width: Int) -> Int? { rows(forWidth: width).height }

    /// The focused field from its label to its error, or the buttons and
    /// the message under them: what a scroll view keeps in sight.
    public func focusedRows(forWidth width: Int) -> Range<Int>? {
        let rows = rows(forWidth: width)
        switch focus {
        case .field(let index):
            guard rows.fieldRows.indices.contains(index) else { return nil }
            let end = rows.errorRows[index].map { $0 + 1 } ?? rows.fieldRows[index] + max(1, fields[index].lines)
            return rows.labelRows[index]..<end
        case .button:
            guard let buttonRow = rows.buttonRow else { return nil }
            return buttonRow..<(rows.messageRow.map { $0 + 1 } ?? buttonRow + 1)
        }
    }
}
