import Curses
import Foundation

/// A small real screen that exercises the terminal layer until the reference
/// app replaces it: a list, Enter opens a panel over it, Esc closes it, q quits.
@MainActor
final class DemoApp {
    private let screen: Screen
    private let loop: EventLoop
    private let items = DemoApp.sampleItems
    private var selection = 0
    private var top = 0
    private let listPanel: Panel
    private var detailPanel: Panel?

    init(screen: Screen, loop: EventLoop) {
        self.screen = screen
        self.loop = loop
        listPanel = screen.makePanel { Rect(size: $0) }
    }

    func start() {
        listPanel.draw = { [unowned self] canvas in drawList(&canvas) }
        loop.onKey = { [unowned self] key in handle(key) }
        if ProcessInfo.processInfo.environment["CATALOG_TEST_CRASH"] == "1" {
            DispatchQueue.main.async { fatalError("CATALOG_TEST_CRASH=1: crashing after the first paint") }
        }
    }

    private func handle(_ key: Key) {
        if detailPanel != nil {
            if [.escape, .backspace, .left, .character("h")].contains(key) { closeDetail() }
            if key == .character("q") { loop.terminate(status: 0) }
            return
        }
        let page = max(1, screen.size.height - 3)
        switch key {
        case .up, .character("k"): move(to: selection - 1)
        case .down, .character("j"): move(to: selection + 1)
        case .pageUp: move(to: selection - page)
        case .pageDown: move(to: selection + page)
        case .home, .character("g"): move(to: 0)
        case .end, .character("G"): move(to: items.count - 1)
        case .enter, .right, .character("l"): openDetail()
        case .character("q"): loop.terminate(status: 0)
        default: break
        }
    }

    private func move(to index: Int) {
        selection = min(max(0, index), items.count - 1)
        listPanel.setNeedsDisplay()
    }

    private func drawList(_ canvas: inout Canvas) {
        let width = canvas.size.width
        canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: .reverse)
        canvas.text(" Demo list", at: .zero, style: .reverse.with(.bold))
        let visible = max(1, canvas.size.height - 2)
        if selection < top { top = selection }
        if selection >= top + visible { top = selection - visible + 1 }
        for row in 0..<visible where top + row < items.count {
            let index = top + row
            let style: Style = index == selection ? .reverse : .plain
            if index == selection { canvas.fill(Rect(x: 0, y: row + 1, width: width, height: 1), style: style) }
            canvas.text(" \(items[index])", at: Point(x: 0, y: row + 1), style: style)
        }
        let footer = "↑↓ move  Enter open  q quit   \(selection + 1)/\(items.count)"
        canvas.text(footer, at: Point(x: 1, y: canvas.size.height - 1), style: .dim)
    }

    private func openDetail() {
        let item = items[selection]
        let panel = screen.makePanel { size in
            Rect(size: size).centered(Size(width: min(50, size.width - 4), height: 7))
        }
        panel.draw = { canvas in
            canvas.box(canvas.bounds, title: "Detail")
            canvas.text(item, at: Point(x: 2, y: 2), style: .bold, width: canvas.size.width - 4)
            canvas.text("Esc closes this panel", at: Point(x: 2, y: 4), style: .dim, width: canvas.size.width - 4)
        }
        detailPanel = panel
    }

    private func closeDetail() {
        detailPanel = nil
        listPanel.setNeedsDisplay()
    }

    private static let sampleItems: [String] = [
        "iPhone", "iPhone 3G", "iPhone 3GS", "iPhone 4", "iPhone 4S", "iPhone 5", "iPhone 5c", "iPhone 5s",
        "iPhone 6", "iPhone 6 Plus", "iPhone 6s", "iPhone 6s Plus", "iPhone SE", "iPhone 7", "iPhone 7 Plus",
        "iPhone 8", "iPhone 8 Plus", "iPhone X", "iPhone XR", "iPhone XS", "iPhone XS Max", "iPhone 11",
        "iPhone 11 Pro", "iPhone 11 Pro Max", "Wide: 漢字テキスト", "Emoji: 📱 phone", "Combining: Cafe\u{301}",
    ]
}
