import ShojiNavigation
import ShojiTesting
import ShojiCurses
import Testing
import ShojiWidgets

// The walk-through of the ShojiAppKit article "Adding a screen"
// (Sources/ShojiAppKit/ShojiAppKit.docc/AddingAScreen.md), compiled and run, so the
// article cannot drift from the API.

@MainActor protocol GreetingOutput: AnyObject { func greetingDidFinish() }

@MainActor protocol GreetingView: AnyObject { func show(message: String) }

@MainActor final class GreetingPresenter {
    weak var view: GreetingView?
    weak var output: GreetingOutput?
    func viewDidLoad() { view?.show(message: "Hello") }
    func didPressEnter() { output?.greetingDidFinish() }
}

final class GreetingPanelView: PanelView, GreetingView {
    let presenter: GreetingPresenter
    private var message = ""
    init(presenter: GreetingPresenter) {
        self.presenter = presenter
        super.init(title: "Greeting")
        bind([.enter], "done") { [weak presenter] in presenter?.didPressEnter() }
        presenter.view = self
        presenter.viewDidLoad()
    }
    func show(message: String) { self.message = message; setNeedsDisplay() }
    override func draw(_ canvas: inout Canvas) { canvas.text(message, at: CellPoint(x: 1, y: 1)) }
}

final class GreetingCoordinator: FlowCoordinator<Void>, GreetingOutput {
    override func start() {
        let presenter = GreetingPresenter()
        presenter.output = self
        router.push(GreetingPanelView(presenter: presenter), owner: self)
    }
    func greetingDidFinish() { finish(with: ()) }
}

/// A root coordinator for the walk-through: a home screen and one child flow.
private final class HomeCoordinator: Coordinator {
    var outcomes: [String] = []
    func openGreeting() {
        let child = GreetingCoordinator(router: router)
        addChild(child, onFinish: { [unowned self] outcome in
            switch outcome {
            case .completed: outcomes.append("completed")
            case .cancelled(let reason): outcomes.append("cancelled(\(reason))")
            }
        })
        child.start()
    }
}

extension WidgetsSuite {
    @Suite @MainActor struct ReadmeExampleTests {
        @Test func enterFinishesTheFlowAndBackCancelsIt() {
            let screen = TerminalScreen.headless(size: CellSize(width: 20, height: 3))
            defer { screen.end() }
            let router = StackRouter()
            let host = NavigationHost(screen: screen, router: router)
            let home = HomeCoordinator(router: router)
            router.setRoot(PanelView(title: "Home"), owner: home)

            home.openGreeting()
            #expect(screen.snapshot().lines[1] == " Hello")
            #expect(host.handle(.enter))
            #expect(home.outcomes == ["completed"])
            #expect(home.children.isEmpty)
            #expect(router.entries.count == 1)

            home.openGreeting()
            weak let child = home.children.first
            #expect(host.handle(.escape))
            #expect(home.outcomes == ["completed", "cancelled(back)"])
            #expect(child == nil)
            #expect(screen.snapshot().lines[1] == "")
        }

        @Test func theCoordinatorPushesOneScreenItOwns() {
            let router = MockRouter()
            let coordinator = GreetingCoordinator(router: router)
            coordinator.start()
            #expect(router.entries.count == 1)
            #expect(router.entries.first?.presentable is GreetingPanelView)
            #expect(router.entries.first?.owner === coordinator)
        }
    }
}
