import Testing
@testable import ShojiAppKit
import ShojiTesting

/// A screen whose content is a form: its field has the keys from the start.
@MainActor
final class FormScreen: PanelView {
    let form = FormWidget(fields: [FormField(id: "name", label: "Name")], buttons: ["Save"])
    init() {
        super.init(title: "Edit")
        content = form
    }
}

/// A screen with no keys of its own.
@MainActor
final class BareScreen: PanelView {
    var isFavouriteAvailable = false
    var ran = 0
    init() { super.init(title: "Bare") }
    override func draw(_ canvas: inout Canvas) { canvas.text("bare", at: .zero) }
}

/// The footer, help and the palette offer only what a key would do now.
extension AppKitSuite {
    @Suite @MainActor struct FooterOffersWhatActsTests {
        private func footer(_ harness: ScreenHarness) -> String { harness.lines[harness.lines.count - 1] }
        /// The help box's lines (those inside its border).
        private func helpLines(_ harness: ScreenHarness) -> [String] { harness.lines.filter { $0.contains("│") } }

        @Test func typingInAListFilterOffersNoLetterKeysOnlyTheFieldsWayOut() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple", "quince"]))
            list.bind([.character("n")], "new") {}
            harness.router.setRoot(list, owner: nil)
            #expect(footer(harness).contains("n new"))
            #expect(footer(harness).contains("q quit"))
            harness.press(.character("/"))
            // `?` and `q` are text here: F1 and Ctrl-Q stand in for them.
            #expect(footer(harness) == "Enter done  Esc clear filter  F1 help  Ctrl-Q quit")
            harness.type("q")
            #expect(harness.quitRequests == 0)
            #expect(list.list.filterQuery == "q", "q is text while the filter has the keys")
        }

        @Test func aFocusedFormFieldOffersNoLetterKeysOnlyTheFieldsWayOut() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.push(FormScreen(), owner: nil)
            let line = footer(harness)
            #expect(!line.contains("q quit") && !line.contains("? help"), "\(line)")
            #expect(line.contains("F1 help") && line.contains("Ctrl-Q quit"), "\(line)")
            #expect(line.contains("Esc back"), "Esc is not text: it still goes back")
        }

        @Test func thePaletteQueryOffersNeitherQuitNorHelpNorBack() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 16), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(NamedScreen("Home"), owner: nil)
            harness.press(.control("p"))
            #expect(harness.focusedView?.title == "Commands")
            #expect(footer(harness) == "Enter run  Esc close")
        }

        @Test func helpOpenShowsItsQuestionMarkOnce() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 16), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(NamedScreen("Home"), owner: nil)
            harness.press(.character("?"))
            let line = footer(harness)
            #expect(line.filter { $0 == "?" }.count == 1, "\(line)")
            #expect(!line.contains("help"))
        }

        @Test func helpListsBackOnlyOffAStacksRoot() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 20), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(NamedScreen("Home"), owner: nil)
            harness.press(.character("?"))
            #expect(!helpLines(harness).contains { $0.contains("back") }, "back does nothing at the root")
            harness.press(.escape)
            harness.router.push(NamedScreen("Detail"), owner: nil)
            harness.press(.character("?"))
            #expect(helpLines(harness).contains { $0.contains("back") })
        }

        @Test func helpHasNoSectionForAScreenWithoutKeys() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 20), title: "demo")
            defer { harness.end() }
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.press(.character("?"))
            let help = helpLines(harness)
            #expect(!help.contains { $0.contains("Bare") }, "\(help)")
            #expect(help.contains { $0.contains("Everywhere") })
        }

        @Test func aTabRootOffersNoBack() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 20), title: "demo")
            defer { harness.end() }
            let root = TwoTabs(router: harness.router)
            root.start()
            #expect(!footer(harness).contains("back"))
            harness.press(.character("?"))
            #expect(!helpLines(harness).contains { $0.contains("back") })
        }

        @Test func aDeclaredBindingActsAndShowsOnlyWhileActive() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            let screen = BareScreen()
            screen.bind([.character("f")], "favourite", when: { [unowned screen] in screen.isFavouriteAvailable }) {
                [unowned screen] in screen.ran += 1
            }
            harness.router.setRoot(screen, owner: nil)
            harness.press(.character("f"))
            #expect(screen.ran == 0)
            #expect(!footer(harness).contains("favourite"))
            screen.isFavouriteAvailable = true
            harness.press(.character("f"))
            #expect(screen.ran == 1)
            #expect(footer(harness).hasPrefix("f favourite"))
        }

        @Test func theContentsBindingsComeFirstWithoutSuper() {
            let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple"]))
            list.bind([.character("n")], "new") {}
            #expect(list.bindings.map(\.label).suffix(3) == ["open", "filter", "new"])
        }
    }
}
