import Foundation
import Testing
@testable import ShojiAppKit
import ShojiTesting

/// ncurses state and the locale are process-wide: every test that makes a
/// screen lives under this one serialized suite. The screen tests use
/// `ScreenHarness` from ShojiTesting, the harness users' tests get.
@Suite(.serialized)
@MainActor
struct AppKitSuite {}

/// A screen that shows its name and records the keys it used.
@MainActor
final class NamedScreen: PanelView {
    var used: [String] = []

    init(_ name: String) {
        super.init(title: name)
        bind([.character("x")], "use x") { [unowned self] in used.append("x") }
        bind([.character("q")], "use q", footer: false) { [unowned self] in used.append("q") }
    }

    override func draw(_ canvas: inout Canvas) { canvas.text("screen \(title)", at: .zero) }
}

/// A list screen over fixed titles, through the kit's adapter.
@MainActor
final class TitlesPresenter: ListScreenRows {
    var titles: [String]
    var chosen: [Int] = []
    init(_ titles: [String]) { self.titles = titles }
    var rowCount: Int { titles.count }
    func row(at index: Int) -> ListRow { ListRow(title: titles[index]) }
    func didChoose(index: Int) { chosen.append(index) }
}

/// Two tabs, each a flow with one screen, shown as the root's entry.
@MainActor
final class TwoTabs: Coordinator {
    let first = NamedScreen("First")
    let second = NamedScreen("Second")
    private(set) weak var tabs: TabContainer?

    override func start() {
        let one = Screens(router: StackRouter(), screen: first)
        let two = Screens(router: StackRouter(), screen: second)
        addChild(one)
        addChild(two)
        let container = TabContainer(tabs: [.init(title: "One", coordinator: one), .init(title: "Two", coordinator: two)])
        tabs = container
        container.start()
        router.setRoot(container, owner: self)
    }

    final class Screens: Coordinator {
        let screen: PanelView
        init(router: any Routing, screen: PanelView) {
            self.screen = screen
            super.init(router: router)
        }
        override func start() { router.setRoot(screen, owner: self) }
    }
}
