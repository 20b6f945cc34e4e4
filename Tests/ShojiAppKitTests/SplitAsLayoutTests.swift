import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen that draws its name and may declare a key of its own.
@MainActor
private final class NameScreen: PanelView {
    init(_ name: String, declaring key: TerminalKey? = nil) {
        super.init(title: name)
        if let key { bind([key], "own \(name)") {} }
    }
    override func draw(_ canvas: inout Canvas) { canvas.text("screen \(title)", at: .zero) }
}

/// Two screens side by side as a split: the list and the detail of item "a".
@MainActor
private final class SplitFlow: Coordinator {
    let split: SplitContainer
    let listKey: TerminalKey?
    init(router: any Routing, minimumSideBySideWidth: Int, listKey: TerminalKey?) {
        split = SplitContainer(minimumSideBySideWidth: minimumSideBySideWidth)
        self.listKey = listKey
        super.init(router: router)
        split.detailForItem = { [weak self] id in
            guard let self else { return nil }
            return RouterEntry(NameScreen("detail \(id)"), owner: self)
        }
    }
    override func start() {
        router.setRoot(split, owner: self)
        split.primaryRouter.setRoot(NameScreen("list", declaring: listKey), owner: self)
        split.highlight("a")
    }
}

/// The same two panes as a layout's children: a screen whose content is a
/// `LayoutWidget` of columns.
@MainActor
private final class LayoutFlow: Coordinator {
    let layout: LayoutWidget
    init(router: any Routing, minimumSideBySideWidth: Int, listKey: TerminalKey?) {
        let list = StackPane()
        let detail = StackPane()
        list.router.setRoot(NameScreen("list", declaring: listKey), owner: nil)
        detail.router.setRoot(NameScreen("detail a"), owner: nil)
        let hidden = CellSize(width: minimumSideBySideWidth, height: 0)
        layout = LayoutWidget(.columns, [
            LayoutItem(list, size: .fixed(40), minimum: 1, focusable: true, focusKey: .character("1")),
            LayoutItem(LabelWidget([]), size: .fixed(1), hiddenBelow: hidden),
            LayoutItem(detail, minimum: 1, hiddenBelow: hidden, collapse: .cover, focusable: true,
                       focusKey: .character("2")),
        ])
        super.init(router: router)
    }
    override func start() {
        let screen = PanelView(title: "Panes")
        screen.content = layout
        router.setRoot(screen, owner: self)
    }
}

/// What is done, and which pane (0 the list, 1 the detail) has the keys
/// after it, starting in the list.
struct FocusCase: CustomTestStringConvertible, Sendable {
    let name: String
    let width: Int
    let steps: [FocusStep]
    let focused: Int
    var testDescription: String { name }
}

/// A key pressed, or a click on the detail's place.
enum FocusStep: Sendable { case key(TerminalKey), clickDetail }

/// The focus moves the split and the layout are both put through.
let paneFocusCases = [
    FocusCase(name: "Tab to the detail", width: 150, steps: [.key(.tab)], focused: 1),
    FocusCase(name: "Tab and back with Shift-Tab", width: 150, steps: [.key(.tab), .key(.backTab)], focused: 0),
    FocusCase(name: "the detail's focus key", width: 150, steps: [.key(.character("2"))], focused: 1),
    FocusCase(name: "the list's focus key from the detail", width: 150,
         steps: [.key(.character("2")), .key(.character("1"))], focused: 0),
    FocusCase(name: "a click on the detail", width: 150, steps: [.clickDetail], focused: 1),
    FocusCase(name: "collapsed, the focus key covers the list", width: 100, steps: [.key(.character("2"))],
         focused: 1),
    FocusCase(name: "collapsed, Tab covers the list and comes back", width: 100,
         steps: [.key(.tab), .key(.tab)], focused: 0),
]

extension AppKitSuite {
    /// A split is one use of the containers: the same focus moves (Tab, a
    /// declared focus key, a click) and the same panes shown (the detail
    /// covering the list when narrow) as a `LayoutWidget` of its two panes.
    /// (The shared geometry: `SplitGeometryTests`.)
    @Suite @MainActor struct SplitAsLayoutTests {

        private func harnessSize(_ width: Int) -> CellSize { CellSize(width: width, height: 20) }

        @Test(arguments: paneFocusCases) func aSplitMovesItsFocusAsALayoutDoes(_ testCase: FocusCase) async {
            var results: [Int] = []
            var shown: [String] = []
            for asSplit in [true, false] {
                await withScreenHarness(size: harnessSize(testCase.width)) { harness in
                    let focused: () -> Int
                    let detailFrame: () -> CellRect?
                    if asSplit {
                        let flow = SplitFlow(router: harness.router, minimumSideBySideWidth: 120, listKey: nil)
                        flow.split.focusKeys = [.primary: .character("1"), .secondary: .character("2")]
                        harness.start(flow)
                        focused = { flow.split.focusedColumn == .primary ? 0 : 1 }
                        detailFrame = {
                            flow.split.frame(of: .secondary, in: harness.frame.host.contentArea(harness.screen.size))
                        }
                    } else {
                        let flow = LayoutFlow(router: harness.router, minimumSideBySideWidth: 120, listKey: nil)
                        harness.start(flow)
                        focused = { flow.layout.focusedIndex == 0 ? 0 : 1 }
                        detailFrame = {
                            // The list's 40 columns and the divider's one.
                            guard let panel = harness.focusedView?.panel?.frame else { return nil }
                            return CellRect(x: panel.x + 41, y: panel.y, width: panel.width - 41, height: panel.height)
                        }
                    }
                    harness.render()
                    for step in testCase.steps {
                        switch step {
                        case .key(let key): harness.press(key)
                        case .clickDetail:
                            guard let frame = detailFrame() else {
                                Issue.record("no detail frame")
                                return
                            }
                            let point = CellPoint(x: frame.x + 2, y: frame.y + 1)
                            harness.press(.mouse(MouseEvent(action: .press, button: .left, position: point)))
                        }
                    }
                    harness.render()
                    results.append(focused())
                    shown.append(harness.contains("screen list") ? "list" : "")
                    shown[shown.count - 1] += harness.contains("screen detail a") ? "+detail" : ""
                }
            }
            #expect(results == [testCase.focused, testCase.focused], "split, then layout")
            #expect(shown[0] == shown[1], "the split and the layout show the same panes: \(shown)")
        }

        /// The focus key the focused screen declares for itself wins, in
        /// both: the screen's keys come before the container's.
        @Test func aKeyTheScreenDeclaresWinsOverAFocusKey() async {
            for asSplit in [true, false] {
                await withScreenHarness(size: harnessSize(150)) { harness in
                    if asSplit {
                        let flow = SplitFlow(router: harness.router, minimumSideBySideWidth: 120,
                                             listKey: .character("2"))
                        flow.split.focusKeys = [.secondary: .character("2")]
                        harness.start(flow)
                        harness.press(.character("2"))
                        #expect(flow.split.focusedColumn == .primary)
                    } else {
                        let flow = LayoutFlow(router: harness.router, minimumSideBySideWidth: 120,
                                              listKey: .character("2"))
                        harness.start(flow)
                        harness.press(.character("2"))
                        #expect(flow.layout.focusedIndex == 0)
                    }
                }
            }
        }
    }
}
