import ShojiCurses

/// The tabs line: " 1 Catalog  2 Favourites  3 Account ", the active tab
/// highlighted. Number keys and Tab/Shift-Tab switch; the owner is told
/// through `onSelect` and does the switching.
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
            KeyBinding([.tab], "next tab", footer: false) { [weak self] in self?.step(1) },
            KeyBinding([.backTab], "previous tab", footer: false) { [weak self] in self?.step(-1) },
        ]
    }

    private func step(_ delta: Int) {
        guard !titles.isEmpty else { return }
        onSelect?((selectedIndex + delta + titles.count) % titles.count)
    }

    /// Draws into `canvas`, already clipped to the widget's area.
    public func draw(_ canvas: inout Canvas) {
        let theme = Theme.resolve(self.theme, for: canvas)
        var runs: [TextRun] = []
        for (index, title) in titles.enumerated() {
            if index > 0 { runs.append(TextRun(" ", theme.tabInactive)) }
            let style = index == selectedIndex ? theme.tabActive : theme.tabInactive
            let number = index < 9 ? "\(index + 1) " : ""
            runs.append(TextRun(" \(number)\(title) ", style))
        }
        canvas.draw(runs, at: .zero)
    }
}
