import ShojiNavigation
import ShojiCurses
import Testing
@testable import ShojiWidgets

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
