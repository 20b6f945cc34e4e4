import ShojiNavigation
import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A one-line modal in the middle of the screen, leaving row 0 visible.
@MainActor
private final class SmallModal: PanelView {
    init(title: String) {
        super.init(title: title)
        modalStyle = .plain
    }

    override func preferredSize(in screen: CellSize) -> CellSize { CellSize(width: 8, height: 1) }
}

extension WidgetsSuite {
    /// A PanelView whose `content` is a widget speaks for it: text editing,
    /// the cursor, focus.
    @Suite @MainActor struct PanelViewContentTests {
        @Test func aListContentsOpenFilterIsTextEditingWithItsCursor() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 5))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let view = PanelView(title: "list")
            view.content = ListWidget(dataSource: phoneRows)
            router.setRoot(view)
            #expect(!view.isEditingText)
            #expect(host.handle(.character("/")))
            #expect(host.focusedView?.isEditingText == true, "Tab typed now is the filter's, not the app's")
            #expect(screen.snapshot().cursor == CellPoint(x: 1, y: 4))
            #expect(view.cursorPosition == CellPoint(x: 1, y: 4))
            #expect(host.handle(.character("i")))
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 4))
            #expect(host.handle(.enter))
            #expect(!view.isEditingText)
            #expect(screen.snapshot().cursor == nil)
        }

        @Test func aFormContentsFieldIsTextEditingWithItsCursor() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 5))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let view = PanelView(title: "form")
            view.content = FormWidget(fields: [FormField(id: "user", label: "User")], buttons: ["OK"])
            router.setRoot(view)
            #expect(view.isEditingText)
            #expect(screen.snapshot().cursor == CellPoint(x: 6, y: 0))
            #expect(host.handle(.character("a")))
            #expect(screen.snapshot().cursor == CellPoint(x: 7, y: 0))
            #expect(host.handle(.tab))
            #expect(!view.isEditingText, "the button has focus")
            #expect(screen.snapshot().cursor == nil)
        }

        @Test func aListBelowAModalDrawsItsSelectionMuted() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 5), colors: false)
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let list = ListWidget(dataSource: phoneRows)
            let view = PanelView(title: "list")
            view.content = list
            router.setRoot(view)
            #expect(host.handle(.character("/")))
            let shown = screen.snapshot()
            #expect(shown.rows[0][0].attributes == [.reverse, .bold])
            #expect(shown.cursor == CellPoint(x: 1, y: 4))
            router.present(SmallModal(title: "alert"))
            let covered = screen.snapshot()
            #expect(covered.rows[0][0].attributes == [.reverse], "muted: the keys go to the modal")
            #expect(covered.attributeLines[0] == String(repeating: "R", count: 20))
            #expect(!list.isFocused)
            #expect(list.cursorPosition == nil)
            #expect(router.dismiss())
            let back = screen.snapshot()
            #expect(back.rows[0][0].attributes == [.reverse, .bold])
            #expect(back.cursor == CellPoint(x: 1, y: 4))
            #expect(list.isFocused)
            _ = host
        }

        @Test func aFormBelowAModalShowsNoFocusedFieldOrCursor() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 6), colors: false)
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let form = FormWidget(fields: [FormField(id: "user", label: "User", text: "ann")], buttons: ["OK"])
            let view = PanelView(title: "form")
            view.content = form
            router.setRoot(view)
            #expect(screen.snapshot().rows[0][6].attributes == [.bold, .underline])
            #expect(form.cursorPosition == CellPoint(x: 9, y: 0))
            router.present(SmallModal(title: "alert"))
            #expect(screen.snapshot().rows[0][6].attributes == [.underline])
            #expect(form.cursorPosition == nil)
            #expect(form.text(ofField: "user") == "ann")
            #expect(router.dismiss())
            let back = screen.snapshot()
            #expect(back.rows[0][6].attributes == [.bold, .underline])
            #expect(back.cursor == CellPoint(x: 9, y: 0))
            _ = host
        }

        @Test func widgetsThatEditNoTextSayNoAndHaveNoCursor() {
            let view = PanelView(title: "detail")
            #expect(!view.isEditingText)
            #expect(view.cursorPosition == nil)
            view.content = DetailWidget(title: "iPhone")
            #expect(!view.isEditingText)
            #expect(view.cursorPosition == nil)
        }
    }
}
