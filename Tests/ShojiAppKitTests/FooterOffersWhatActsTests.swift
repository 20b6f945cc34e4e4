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

        /// A key the screen declares is the screen's, not the widget's
        /// built-in alias: a list's vim `k` used to move up silently and the
        /// screen's `k` never ran (the footer still offered it).
        @Test func aKeyTheScreenDeclaresIsNeverShadowedByTheWidgetsAlias() {
            let harness = ScreenHarness(size: CellSize(width: 70, height: 10), title: "demo")
            defer { harness.end() }
            let list = ListScreenView(title: "Procs", rows: TitlesPresenter(["init", "sshd", "top"]))
            var kills = 0
            list.bind([.character("k")], "kill") { kills += 1 }
            harness.router.setRoot(list, owner: nil)
            harness.press(.down, .down, .character("k"))
            #expect(kills == 1)
            #expect(list.list.selectedIndex == 2, "k moved the selection")
            harness.press(.up)
            #expect(list.list.selectedIndex == 1, "Up still moves")
            let up = list.bindings.first { $0.label == "up" }
            #expect(up?.keys == [.up], "the list's up keeps only the keys the screen left it")
            #expect(footer(harness).contains("k kill"))
            #expect(harness.frame.activeBindings.filter { $0.keys.contains(.character("k")) }.map(\.label) == ["kill"])
        }

        /// The footer lists the chain in its order: the screen's keys, a
        /// split's Tab, back, then the app's (Tab used to come after back).
        @Test func theFooterFollowsTheChainsOrder() {
            let harness = ScreenHarness(size: CellSize(width: 160, height: 10), title: "demo")
            defer { harness.end() }
            let chain = harness.frame.keyChain
            #expect(chain.offered.map(\.role) == [.frame], "an empty stack offers only the app's keys")
            harness.router.setRoot(BareScreen(), owner: nil)
            harness.router.push(BareScreen(), owner: nil)
            #expect(harness.frame.keyChain.offered.map(\.role) == [KeyChain.Layer.Role.back, .frame])
            #expect(footer(harness).hasPrefix("Esc back  ? help"))
            #expect(harness.offeredKeys.map(\.label) == ["back", "help", "quit"], "Ctrl-P commands is not in the footer")
        }

        /// Every key the footer offers, pressed on a screen reached afresh, is used.
        @Test func everyKeyTheFooterOffersActs() async {
            let pressed = await expectEveryOfferedKeyActs(size: CellSize(width: 70, height: 10)) { harness in
                let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple", "quince"]))
                list.bind([.character("n")], "new") {}
                harness.router.setRoot(BareScreen(), owner: nil)
                harness.router.push(list, owner: nil)
            }
            #expect(pressed.map(\.label).contains("new") && pressed.map(\.label).contains("back"), "\(pressed)")
        }

        @Test func theContentsBindingsComeFirstWithoutSuper() {
            let list = ListScreenView(title: "Fruit", rows: TitlesPresenter(["apple"]))
            list.bind([.character("n")], "new") {}
            #expect(list.bindings.map(\.label).suffix(3) == ["open", "filter", "new"])
        }
    }
}
