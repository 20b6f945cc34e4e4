import Observation
import ShojiNavigation
import ShojiTesting
import Testing

/// A model as an app writes one: `@Observable`, nothing else.
@MainActor @Observable
final class Shelf {
    var books: [String] = []
}

/// What the shelf presenter tells its view.
@MainActor
protocol ShelfView: AnyObject {
    func show(books: [String])
}

/// A presenter that observes its model: no coordinator reloads it.
@MainActor
final class ShelfPresenter {
    let work = ScreenWork()
    weak var view: (any ShelfView)?
    private let shelf: Shelf

    init(shelf: Shelf) { self.shelf = shelf }

    func viewDidLoad() {
        work.observe({ [shelf] in shelf.books }) { [weak self] books in self?.view?.show(books: books) }
    }
}

/// The view side: records what it was told, and hands its presenter's work
/// to the router as a panel view does.
@MainActor
final class ShelfScreen: Presentable, ShelfView {
    let presenter: ShelfPresenter
    private(set) var shown: [[String]] = []

    init(shelf: Shelf) {
        presenter = ShelfPresenter(shelf: shelf)
        presenter.view = self
        presenter.viewDidLoad()
    }

    var screenWork: ScreenWork? { presenter.work }

    func show(books: [String]) { shown.append(books) }
}

/// Lets the main actor run what was enqueued (observation deliveries).
@MainActor
func settle() async {
    for _ in 0..<5 { await Task.yield() }
}

/// Work a screen starts ends when it leaves its stack, and only then.
@MainActor
struct ScreenWorkTests {
    @Test func aModelChangeReachesTheViewWithoutAnyoneCallingThePresenter() async {
        let shelf = Shelf()
        let screen = ShelfScreen(shelf: shelf)
        #expect(screen.shown == [[]], "the current value at once")
        shelf.books.append("Dune")
        #expect(screen.shown == [[]], "delivered after the change, not in its middle")
        await settle()
        #expect(screen.shown == [[], ["Dune"]])
        shelf.books.append("Emma")
        await settle()
        #expect(screen.shown.last == ["Dune", "Emma"], "observed again after each change")
    }

    @Test func changesInOneTurnAreDeliveredOnceWithTheLatestValue() async {
        let shelf = Shelf()
        let screen = ShelfScreen(shelf: shelf)
        shelf.books.append("Dune")
        shelf.books.append("Emma")
        shelf.books.removeFirst()
        await settle()
        #expect(screen.shown == [[], ["Emma"]])
    }

    @Test func aPoppedScreensTaskIsCancelledAndItsObservationEnded() async {
        let router = StackRouter()
        let shelf = Shelf()
        router.setRoot(FakePresentable("home"))
        let screen = ShelfScreen(shelf: shelf)
        router.push(screen)
        var sawCancellation = false
        let task = screen.presenter.work.task {
            try? await Task.sleep(for: .seconds(10))
            sawCancellation = Task.isCancelled
        }
        shelf.books = ["Dune"]
        await settle()
        #expect(screen.shown.last == ["Dune"])

        #expect(router.pop())
        await task.value
        #expect(sawCancellation, "the task was cancelled when the screen left")
        #expect(screen.presenter.work.isEnded && screen.presenter.work.activeCount == 0)
        let updates = screen.shown.count
        shelf.books = ["Dune", "Emma"]
        await settle()
        #expect(screen.shown.count == updates, "no view update after the pop")
    }

    @Test func aCoveredScreenKeepsObservingAndEndsOnlyWhenItLeaves() async {
        let router = StackRouter()
        let shelf = Shelf()
        let screen = ShelfScreen(shelf: shelf)
        router.setRoot(FakePresentable("home"))
        router.push(screen)
        router.push(FakePresentable("above"))
        router.present(FakePresentable("modal"))
        shelf.books = ["Dune"]
        await settle()
        #expect(screen.shown.last == ["Dune"], "covered, still observing")
        #expect(!screen.presenter.work.isEnded)
        router.popToRoot()
        #expect(screen.presenter.work.isEnded, "ended with the screen's leave hook")
        shelf.books = []
        await settle()
        #expect(screen.shown.last == ["Dune"])
    }

    @Test func workIsEndedOnceWhateverRemovedTheScreen() {
        let router = StackRouter()
        let screen = ShelfScreen(shelf: Shelf())
        var ends = 0
        screen.presenter.work.onEnd { ends += 1 }
        router.setRoot(screen)
        router.setRoot(FakePresentable("other"))
        #expect(ends == 1)
        screen.presenter.work.end()
        #expect(ends == 1, "ending again does nothing")
        let late = screen.presenter.work.task { try? await Task.sleep(for: .seconds(60)) }
        #expect(late.isCancelled, "ended work starts nothing more")
        #expect(!screen.presenter.work.observe({ 1 }, onChange: { _ in }).isActive)
    }
}
