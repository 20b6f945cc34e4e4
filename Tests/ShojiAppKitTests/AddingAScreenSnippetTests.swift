import Foundation
import Observation
import Testing
import ShojiAppKit
import ShojiTesting

// The article "Adding a screen" shows these regions (observing the model, a
// sheet); they are compiled and run here, and `theArticleShowsThisCode`
// checks the article shows them as they are.

struct Note: Equatable, Sendable {
    var title: String
}

// snippet: observe-model
@MainActor @Observable final class NoteStore {
    private(set) var notes: [Note] = []
    func add(_ note: Note) { notes.append(note) }
}

@MainActor protocol NotesListView: AnyObject { func show(_ notes: [Note]) }

@MainActor final class NotesListPresenter {
    let work = ScreenWork()
    weak var view: NotesListView?
    private let store: NoteStore
    init(store: NoteStore) { self.store = store }

    func viewDidLoad() {
        work.observe({ [store] in store.notes }) { [weak self] notes in self?.view?.show(notes) }
    }
}

final class NotesListPanelView: PanelView, NotesListView {
    private let presenter: NotesListPresenter
    private(set) var titles: [String] = []
    init(presenter: NotesListPresenter) {
        self.presenter = presenter
        super.init(title: "Notes")
        presenter.view = self
        screenWork = presenter.work      // ended by the router when the screen leaves
        presenter.viewDidLoad()
    }
    func show(_ notes: [Note]) { titles = notes.map(\.title); setNeedsDisplay() }
    override func draw(_ canvas: inout Canvas) {
        for (row, title) in titles.enumerated() { canvas.text(title, at: CellPoint(x: 0, y: row)) }
    }
}
// end snippet

// snippet: sheet
@MainActor final class NoteFormPresenter {
    let result = ResultChannel<Note>()
    func save(_ values: [String: String]) { result.complete(Note(title: values["title"] ?? "")) }
}

final class NoteFormPanelView: FormSheet<Note> {
    private let presenter: NoteFormPresenter
    init(presenter: NoteFormPresenter) {
        self.presenter = presenter
        // The title is drawn in the frame's top edge; Save and Cancel are the kit's.
        super.init(title: "New note", fields: [FormField(id: "title", label: "Title")],
                   result: presenter.result) { [weak presenter] values in presenter?.save(values) }
    }
    override func preferredSize(in screen: CellSize) -> CellSize {
        CellSize(width: min(40, screen.width), height: min(3, screen.height))
    }
}

@MainActor final class NotesCoordinator: Coordinator {
    let store = NoteStore()

    override func start() {
        router.setRoot(NotesListPanelView(presenter: NotesListPresenter(store: store)), owner: self)
    }

    func newNote() {
        presentSheet(NoteFormPanelView(presenter: NoteFormPresenter())) { [weak self] outcome in
            if let note = outcome.value { self?.store.add(note) }
        }
    }

    func newNoteFromAsyncCode() async {
        if let note = await presentSheet(NoteFormPanelView(presenter: NoteFormPresenter())) { store.add(note) }
    }
}
// end snippet

extension AppKitSuite {
    @Suite @MainActor struct AddingAScreenSnippetTests {
        /// The body never suspends: a screen test that awaits while its
        /// screen is current would let another suite's screen in.
        @Test func theSheetIsFramedAndItsAnswerReachesTheStore() async {
            await withScreenHarness(size: CellSize(width: 50, height: 10), title: "notes") { harness in
                let notes = NotesCoordinator(router: harness.router)
                harness.start(notes)
                notes.newNote()
                harness.render()
                #expect(harness.lines[2].contains("┌─ New note ─"))
                harness.type("Milk")
                harness.press(.enter)
                #expect(notes.store.notes == [Note(title: "Milk")])
                #expect(!harness.contains("New note"))
            }
        }

        @Test func theObservingListFollowsTheStoreAndAnAwaitedSheetCanBeCancelled() async {
            let router = MockRouter()
            let notes = NotesCoordinator(router: router)
            notes.start()
            let list = try! #require(router.top?.presentable as? NotesListPanelView)
            notes.store.add(Note(title: "Milk"))
            await Task.yield()
            #expect(list.titles == ["Milk"], "the list observed the store")

            async let asked: Void = notes.newNoteFromAsyncCode()
            while router.entries.count < 2 { await Task.yield() }
            #expect(router.top?.presentable is NoteFormPanelView)
            _ = router.back()
            await asked
            #expect(notes.store.notes.count == 1, "cancelled: nothing added")
        }

        @Test func theArticleShowsThisCode() throws {
            let here = URL(fileURLWithPath: #filePath)
            let root = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            let article = try String(contentsOf: root.appendingPathComponent("Sources/ShojiAppKit/ShojiAppKit.docc/AddingAScreen.md"),
                                     encoding: .utf8)
            let regions = Snippets.regions(in: try String(contentsOf: here, encoding: .utf8))
            let shown = Snippets.articleSnippets(in: article)
            #expect(Set(shown.keys) == Set(regions.keys))
            for (name, text) in shown {
                #expect(text == regions[name], "the article's snippet '\(name)' differs from AddingAScreenSnippetTests.swift")
            }
        }
    }
}
