import NotesPresenters
import ShojiAppKit

/// The root flow: the Notes and About tabs, and the app's route paths
/// (`notes`, `notes/<id>`, `about`).
@MainActor
package final class NotesAppCoordinator: Coordinator, RouteResolving {
    package enum Tab: Int { case notes, about }

    package static let validForms = ["notes", "notes/<id>", "about"]
    private let store: NoteStore
    package private(set) weak var tabs: TabContainer?
    package private(set) weak var notesFlow: NotesCoordinator?

    package init(router: any Routing, store: NoteStore) {
        self.store = store
        super.init(router: router)
    }

    package override func start() {
        let notes = NotesCoordinator(router: StackRouter(), store: store)
        addChild(notes)
        let container = TabContainer(tabs: [TabContainer.Tab(title: "Notes", coordinator: notes),
                                            TabContainer.Tab(title: "About", screen: AboutPanelView())])
        container.start()
        router.setRoot(container, owner: self)
        tabs = container
        notesFlow = notes
    }

    // MARK: Routes

    package static func validate(_ path: RoutePath) throws(RouteError) {
        switch (path.first, path.count) {
        case ("notes", 1), ("about", 1): return
        case ("notes", 2) where Int(path[1]!) != nil: return
        case ("notes", _), ("about", _):
            throw .unknownStep(step: 1, component: path[1] ?? "", validForms: validForms)
        default:
            throw .unknownStep(step: 0, component: path.first, validForms: validForms)
        }
    }

    package func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
        try Self.validate(path)
        guard let tabs, let notesFlow else {
            throw .unreachable(step: 0, component: path.first, reason: "not started", validForms: Self.validForms)
        }
        var plan = RoutePlan()
        let tab: Tab = path.first == "about" ? .about : .notes
        if tab == .notes {
            plan.stack(try notesFlow.plan(noteID: path[1].flatMap { Int($0) }), on: notesFlow.router)
        }
        plan.afterApplying { [weak tabs] in tabs?.select(index: tab.rawValue) }
        return plan
    }
}
