import NotesPresenters
import ShojiAppKit

/// The root flow: the Notes and About tabs, and the app's route paths
/// (`notes`, `notes/<id>`, `about`).
@MainActor
package final class NotesAppCoordinator: Coordinator, RouteResolving {
    package enum Tab: Int { case notes, about }

    /// `notes`, `notes/<id>` and `about`.
    package static let routes = TabRoutes([
        .tab("notes", index: Tab.notes.rawValue, item: "<id>") { Int($0) != nil },
        .tab("about", index: Tab.about.rawValue),
    ])
    let store: NoteStore
    /// Where "Save elsewhere" may write (a served session's own folder);
    /// nil: anywhere the user can.
    let rescueFolder: String?
    /// Ends the app (`ShojiApp.quit`); set by the launch.
    package var quit: @MainActor () -> Void = {}
    package private(set) weak var tabs: TabContainer?
    package private(set) weak var notesFlow: NotesCoordinator?

    package init(router: any Routing, store: NoteStore, rescueFolder: String? = nil) {
        self.store = store
        self.rescueFolder = rescueFolder
        super.init(router: router)
    }

    package override func start() {
        let notes = NotesCoordinator(router: StackRouter(), store: store)
        addChild(notes)
        let about = AboutPanelView()
        about.routeComponent = "about"
        let container = TabContainer(tabs: [TabContainer.Tab(title: "Notes", coordinator: notes),
                                            TabContainer.Tab(title: "About", screen: about)])
        container.start()
        router.setRoot(container, owner: self)
        tabs = container
        notesFlow = notes
    }

    // MARK: Routes

    package static func validate(_ path: RoutePath) throws(RouteError) { try routes.validate(path) }

    package func plan(for path: RoutePath) throws(RouteError) -> RoutePlan {
        try Self.routes.plan(for: path, in: tabs) { item, plan throws(RouteError) in
            try notesFlow?.plan(note: item, on: &plan)
        }
    }
}
