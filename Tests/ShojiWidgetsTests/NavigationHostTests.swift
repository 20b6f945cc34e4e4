import ShojiNavigation
import ShojiTesting
import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A screen that fills its panel with its name and records the keys it used.
@MainActor
private final class NamedView: PanelView {
    var usedKeys: [TerminalKey] = []
    let modalSize: CellSize

    init(_ name: String, modalSize: CellSize = CellSize(width: 12, height: 3)) {
        self.modalSize = modalSize
        super.init(title: name)
        bind([.character("x")], "use x") { [unowned self] in usedKeys.append(.character("x")) }
        modalStyle = .plain  // fills its whole panel, frame or not
    }

    override func draw(_ canvas: inout Canvas) {
        for row in 0..<canvas.size.height {
            canvas.text(String(repeating: String(title.prefix(1)), count: canvas.size.width), at: CellPoint(x: 0, y: row))
        }
        canvas.text(title, at: .zero, style: .bold)
    }

    override func preferredSize(in screen: CellSize) -> CellSize { modalSize }
}

extension WidgetsSuite {
    @Suite @MainActor struct NavigationHostTests {
        @Test func pushCoversAndPopUncovers() {
            let screen = TerminalScreen.headless(size: CellSize(width: 12, height: 3))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            router.setRoot(NamedView("list"))
            #expect(screen.snapshot().lines == ["listllllllll", "llllllllllll", "llllllllllll"])
            var detail: NamedView? = NamedView("detail")
            weak let weakDetail = detail
            router.push(detail!)
            detail = nil
            #expect(screen.snapshot().lines == ["detaildddddd", "dddddddddddd", "dddddddddddd"])
            #expect(host.handle(.escape))
            #expect(screen.snapshot().lines == ["listllllllll", "llllllllllll", "llllllllllll"])
            #expect(weakDetail == nil)
        }

        @Test func aModalLeavesTheScreenBelowVisibleAndTakesTheKeys() {
            let screen = TerminalScreen.headless(size: CellSize(width: 16, height: 5))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let list = NamedView("list")
            let alert = NamedView("alert", modalSize: CellSize(width: 8, height: 3))
            router.setRoot(list)
            router.present(alert)
            #expect(screen.snapshot().lines == [
                "listllllllllllll",
                "llllalertaaallll",
                "llllaaaaaaaallll",
                "llllaaaaaaaallll",
                "llllllllllllllll",
            ])
            #expect(host.handle(.character("x")))
            #expect(alert.usedKeys == [.character("x")])
            #expect(list.usedKeys.isEmpty)
            #expect(host.handle(.escape))
            #expect(router.entries.count == 1)
            #expect(screen.snapshot().lines[1] == "llllllllllllllll")
        }

        @Test func backKeysAreConfigurableAndTheRootIsLeftToTheApp() {
            let screen = TerminalScreen.headless(size: CellSize(width: 10, height: 2))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router, backKeys: BackKeys([.character("b")]))
            router.setRoot(NamedView("root"))
            router.push(NamedView("next"))
            #expect(!host.handle(.escape))
            #expect(router.entries.count == 2)
            #expect(host.handle(.character("b")))
            #expect(router.entries.count == 1)
            #expect(!host.handle(.character("b")))
            #expect(!host.handle(.character("q")))
        }

        @Test func standardBackKeysFollowTheConventions() {
            for key: TerminalKey in [.escape, .backspace, .left, .character("h")] {
                #expect(BackKeys.standard.contains(key))
            }
            #expect(!BackKeys.standard.contains(.character("q")))
        }

        @Test func pushedScreensFillTheContentAreaAndFollowResizes() {
            let screen = TerminalScreen.headless(size: CellSize(width: 10, height: 4))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router) { size in
                CellRect(x: 0, y: 1, width: size.width, height: size.height - 2)
            }
            let view = NamedView("page")
            router.setRoot(view)
            #expect(screen.snapshot().lines == ["", "pagepppppp", "pppppppppp", ""])
            screen.resize(to: CellSize(width: 6, height: 5))
            #expect(view.panel?.frame == CellRect(x: 0, y: 1, width: 6, height: 3))
            #expect(screen.snapshot().lines == ["", "pagepp", "pppppp", "pppppp", ""])
            _ = host
        }

        @Test func tabsKeepTheirStacksAndHiddenTabsFollowResizes() {
            let screen = TerminalScreen.headless(size: CellSize(width: 8, height: 2))
            defer { screen.end() }
            let first = StackRouter(), second = StackRouter()
            let host = NavigationHost(screen: screen, router: first)
            host.attach(second)
            first.setRoot(NamedView("one"))
            first.push(NamedView("two"))
            second.setRoot(NamedView("tab2"))
            second.isDisplayed = false
            #expect(screen.snapshot().lines == ["twotttttt".prefix(8).description, "tttttttt"])
            first.isDisplayed = false
            second.isDisplayed = true
            host.activeRouter = second
            #expect(screen.snapshot().lines == ["tab2tttt", "tttttttt"])
            screen.resize(to: CellSize(width: 5, height: 3))
            let hidden = first.entries.last?.presentable as? PanelView
            #expect(hidden?.panel?.frame == CellRect(x: 0, y: 0, width: 5, height: 3))
            #expect(host.handle(.escape) == false)
            #expect(first.entries.count == 2)
        }

        @Test func aTransactionOfThreePushesAsksForOneRender() {
            let screen = TerminalScreen.headless(size: CellSize(width: 8, height: 2))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            router.setRoot(NamedView("root"))
            screen.render()
            var requests = 0
            screen.onNeedsRender = { requests += 1 }
            router.performBatch {
                router.push(NamedView("a"))
                router.push(NamedView("b"))
                router.push(NamedView("c"))
            }
            #expect(requests == 1)
            #expect(screen.snapshot().lines[0] == "cccccccc")
            _ = host
        }
    }
}
