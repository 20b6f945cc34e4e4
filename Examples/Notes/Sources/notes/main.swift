import NotesApp
import NotesPresenters
import ShojiAppKit

MainActor.assumeIsolated {
    ShojiApp(name: "notes", arguments: Array(CommandLine.arguments.dropFirst())).run { context in
        NotesAppCoordinator(router: context.router, store: NoteStore.sample(count: 200))
    }
}
