import Testing
import Foundation
import ShojiCurses
@testable import ShojiWidgets

/// ncurses state, the locale and the environment are process-wide, so every
/// widget test that creates a TerminalScreen lives under this one serialized suite.
@Suite(.serialized)
@MainActor
struct WidgetsSuite {}

/// A headless screen with one full-screen panel that draws `widget`, so a
/// test can press keys on the widget and read back what the user would see.
@MainActor
final class WidgetHarness {
    let screen: TerminalScreen
    let panel: TerminalPanel

    init(_ widget: any Widget, size: CellSize, colors: Bool = true) {
        screen = TerminalScreen.headless(size: size, colors: colors)
        panel = screen.makePanel { CellRect(size: $0) }
        panel.draw = { canvas in widget.draw(&canvas) }
    }

    /// Redraws the widget and reads the screen back.
    func snapshot() -> ScreenSnapshot {
        panel.setNeedsDisplay()
        return screen.snapshot()
    }

    func resize(_ size: CellSize) { screen.resize(to: size) }

    func end() { screen.end() }
}

extension Widget {
    /// Presses each key in turn; returns whether each was handled.
    @discardableResult
    func press(_ keys: TerminalKey...) -> [Bool] { keys.map { handle($0) } }

    /// Types `text` one character at a time.
    func type(_ text: String) { for character in text { _ = handle(.character(character)) } }
}

/// Display widths come from the C library, which needs a UTF-8 locale; the
/// machines have `C.UTF-8`. Process-wide: call only inside `WidgetsSuite`.
func useUTF8Locale() {
    setlocale(LC_ALL, "C.UTF-8")
}
