import ShojiCurses

extension FormWidget {
    static let secretMask: Character = "•"

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        let rows = rows(forWidth: canvas.size.width)
        let fieldX = rows.fieldX
        cursorPosition = nil
        for (index, field) in fields.enumerated() {
            canvas.text(field.label, at: CellPoint(x: 0, y: rows.labelRows[index]), style: theme.normal)
            let y = rows.fieldRows[index]
            if let area = areas[index] {
                let width = max(1, canvas.size.width - fieldX)
                drawArea(area, index, on: canvas, in: CellRect(x: fieldX, y: y, width: width, height: field.lines))
            } else {
                drawField(index, on: canvas, at: CellPoint(x: fieldX, y: y), width: rows.fieldWidth, theme: theme)
            }
            if let error = errors[field.id], let errorRow = rows.errorRows[index] {
                canvas.text(error, at: CellPoint(x: fieldX, y: errorRow), style: theme.error)
            }
        }
        if let buttonRow = rows.buttonRow {
            var focused: Int?
            if isFocused, case .button(let index) = focus { focused = index }
            ButtonRow.draw(buttons, focused: focused, at: CellPoint(x: fieldX, y: buttonRow), on: canvas, theme: theme)
        }
        if let message, let messageRow = rows.messageRow {
            canvas.text(message.text, at: CellPoint(x: fieldX, y: messageRow), style: style(of: message.kind, theme: theme))
        }
    }

    private func drawField(_ index: Int, on canvas: Canvas, at point: CellPoint, width: Int, theme: Theme) {
        guard fields[index].kind == .text else { return drawControl(index, on: canvas, at: point, theme: theme) }
        let isCurrent = focus == .field(index)
        // Without the keys the current field looks like the others, but keeps
        // its scroll so its text does not jump.
        let showsFocus = isCurrent && isFocused
        let style = showsFocus ? theme.focusedField : theme.field
        let mask = fields[index].isSecret ? Self.secretMask : nil
        let (text, cursorColumn) = editors[index].visible(width: width, mask: mask, focused: isCurrent)
        canvas.fill(CellRect(x: point.x, y: point.y, width: width, height: 1), style: style)
        canvas.text(text, at: point, style: style, width: width, ellipsis: false)
        if showsFocus, point.y < canvas.size.height {
            cursorPosition = CellPoint(x: min(point.x + cursorColumn, canvas.size.width - 1), y: point.y)
        }
    }

    /// A multi-line field: its text area in `rect`, wider than a
    /// single-line field (the form's whole width beside the labels).
    private func drawArea(_ area: TextAreaWidget, _ index: Int, on canvas: Canvas, in rect: CellRect) {
        let showsFocus = focus == .field(index) && isFocused
        area.theme = theme
        if area.isFocused != showsFocus { area.isFocused = showsFocus }
        areaFrames[index] = rect
        var areaCanvas = canvas.subcanvas(rect)
        area.draw(&areaCanvas)
        if showsFocus, let cursor = area.cursorPosition, rect.y + cursor.y < canvas.size.height {
            cursorPosition = CellPoint(x: rect.x + cursor.x, y: rect.y + cursor.y)
        }
    }

    private func style(of kind: FormMessage.Kind, theme: Theme) -> Style {
        switch kind {
        case .error: theme.error
        case .success: theme.success
        case .info: theme.secondary
        }
    }
}
