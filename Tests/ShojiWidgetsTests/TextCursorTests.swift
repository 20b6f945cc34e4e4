import ShojiNavigation
import ShojiCurses
import Testing
@testable import ShojiWidgets

/// A screen whose content is one widget and whose cursor is that widget's,
/// as an app writes it.
@MainActor
private final class CursorView: PanelView {
    let widget: any Widget
    private let widgetCursor: () -> CellPoint?

    init(list: ListWidget) {
        widget = list
        widgetCursor = { [unowned list] in list.cursorPosition }
        super.init(title: "list")
        content = list
    }

    init(form: FormWidget) {
        widget = form
        widgetCursor = { [unowned form] in form.cursorPosition }
        super.init(title: "form")
        content = form
    }

    override var cursorPosition: CellPoint? { widgetCursor() }
}

extension WidgetsSuite {
    /// The terminal cursor shows where the widget drew it in the same render,
    /// not where it was one draw before.
    @Suite @MainActor struct TextCursorTests {
        @Test func theListFilterCursorFollowsEachKeyInTheSameRender() {
            let screen = TerminalScreen.headless(size: CellSize(width: 30, height: 5))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let list = ListWidget(dataSource: phoneRows)
            router.setRoot(CursorView(list: list))
            #expect(screen.snapshot().cursor == nil)
            #expect(host.handle(.character("/")))
            let opened = screen.snapshot()
            #expect(opened.lines[4].hasPrefix("/"))
            #expect(opened.cursor == CellPoint(x: 1, y: 4))
            #expect(host.handle(.character("x")))
            #expect(screen.snapshot().cursor == CellPoint(x: 2, y: 4))
            #expect(host.handle(.character("y")))
            #expect(screen.snapshot().cursor == CellPoint(x: 3, y: 4))
            #expect(host.handle(.enter))
            #expect(screen.snapshot().cursor == nil, "the filter closed")
        }

        @Test func theFormCursorFollowsEachKeyInTheSameRender() {
            let screen = TerminalScreen.headless(size: CellSize(width: 34, height: 8))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let form = FormWidget(fields: [FormField(id: "user", label: "User"), FormField(id: "name", label: "Name")],
                                  buttons: ["OK"])
            router.setRoot(CursorView(form: form))
            #expect(screen.snapshot().cursor == CellPoint(x: 6, y: 0), "the first field has focus from the start")
            for (index, character) in "abc".enumerated() {
                #expect(host.handle(.character(character)))
                #expect(screen.snapshot().cursor == CellPoint(x: 7 + index, y: 0))
            }
            #expect(host.handle(.tab))
            #expect(screen.snapshot().cursor == CellPoint(x: 6, y: 1))
            #expect(host.handle(.tab))
            #expect(screen.snapshot().cursor == nil, "a button has focus")
        }
    }
}
