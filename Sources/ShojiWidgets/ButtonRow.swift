import ShojiCurses

/// A row of `[ Title ]` buttons, shared by alerts and forms so buttons look
/// and measure the same everywhere.
@MainActor
enum ButtonRow {
    static let gap = 2

    static func label(_ title: String) -> String { "[ \(title) ]" }

    static func width(_ titles: [String]) -> Int {
        let labels = titles.reduce(0) { $0 + DisplayText.width(of: label($1)) }
        return labels + gap * max(0, titles.count - 1)
    }

    /// Draws the buttons from `point`, the focused one highlighted (reverse
    /// video: it must read as focused without colour too).
    static func draw(_ titles: [String], focused: Int?, at point: CellPoint, on canvas: Canvas, theme: Theme) {
        var x = point.x
        for (index, title) in titles.enumerated() {
            let style = index == focused ? theme.focusedButton : theme.button
            x += canvas.text(label(title), at: CellPoint(x: x, y: point.y), style: style) + gap
        }
    }
}
