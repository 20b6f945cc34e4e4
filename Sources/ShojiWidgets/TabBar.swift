import ShojiCurses

/// The tabs line: " 1 Catalog  2 Favourites  3 Account ", the active tab
/// highlighted. Number keys, `[` / `]` (previous / next) and a click on a tab
/// switch; the owner is told through `onSelect` and does the switching. Tab
/// and Shift-Tab are not the bar's: they move the keys between panes (a
/// split's columns, a form's fields), one meaning at every width.
@MainActor
public final class TabBar: Widget {
    /// The tabs' titles, left to right.
    public var titles: [String] { didSet { onNeedsDisplay?() } }
    /// The tab drawn as selected.
    public var selectedIndex: Int { didSet { onNeedsDisplay?() } }
    /// Called with the tab the user asked for.
    public var onSelect: ((Int) -> Void)?
    /// Set by the owner: called when the widget's look changed.
    public var onNeedsDisplay: (() -> Void)?
    /// The theme it draws with; nil uses the default.
    public var theme: Theme?

    /// A tab bar.
    public init(titles: [String], selectedIndex: Int = 0, theme: Theme? = nil) {
        self.titles = titles
        self.selectedIndex = selectedIndex
        self.theme = theme
    }

    /// The bindings active now, for the footer and the help overlay.
    public var bindings: [KeyBinding] {
        let numbered = titles.indices.prefix(9).map { index in
            KeyBinding([.character(Character(String(index + 1)))], titles[index], footer: false) { [weak self] in
                self?.onSelect?(index)
            }
        }
        return numbered + [
            KeyBinding([.character("]")], "next tab", footer: false) { [weak self] in self?.step(1) },
            KeyBinding([.character("[")], "previous tab", footer: false) { [weak self] in self?.step(-1) },
        ]
    }

    /// Handles `key` (a mouse report included); true when the bar used it.
    public func handle(_ key: TerminalKey) -> Bool {
        if case .mouse(let event) = key { return handleMouse(event) }
        return bindings.dispatch(key)
    }

    /// A mouse event in the bar's own coordinates: a left click on a tab
    /// selects it.
    public func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.action == .press, event.button == .left, event.position.y == 0 else { return false }
        guard let index = labels.firstIndex(where: { $0.columns.contains(event.position.x) }) else { return false }
        onSelect?(index)
        return true
    }

    /// Each tab's text and the columns it covers, as drawn: one space between tabs.
    private var labels: [(text: String, columns: Range<Int>)] {
        var x = 0
        return titles.enumerated().map { index, title in
            if index > 0 { x += 1 }
            let text = " \(index < 9 ? "\(index + 1) " : "")\(title) "
            let width = DisplayText.width(of: text)
            defer { x += width }
            return (text, x..<(x + width))
        }
    }

    private func step(_ delta: Int) {
        guard !titles.isEmpty else { return }
        onSelect?((selectedIndex + delta + titles.count) % titles.count)
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        var runs: [TextRun] = []
        for (index, label) in labels.enumerated() {
            if index > 0 { runs.append(TextRun(" ", theme.tabInactive)) }
            runs.append(TextRun(label.text, index == selectedIndex ? theme.tabActive : theme.tabInactive))
        }
        canvas.draw(runs, at: .zero)
    }
}
