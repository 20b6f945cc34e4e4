import FilesApp
import Foundation
import ShojiAppKit

MainActor.assumeIsolated {
    let arguments: FilesArguments
    do throws(LaunchError) {
        arguments = try FilesArguments.parse(Array(CommandLine.arguments.dropFirst()))
        try arguments.validate()
    } catch {
        error.exit(program: "files")
    }
    let lastPath = LastPathFile()
    let app = ShojiApp(name: "files", options: arguments.launch)
    app.routeStore = nil
    var coordinator: FilesCoordinator?
    app.onExit = { _ in
        if let path = coordinator?.currentPath { lastPath.save(path) }
    }
    app.run { context in
        let root = FilesCoordinator(router: context.router, root: arguments.root,
                                    loader: BackgroundDirectoryLoader(), clock: context.clock)
        root.showsHidden = arguments.showsHidden
        if let open = arguments.open {
            root.initialTarget = open
        } else if arguments.restore, let saved = lastPath.load(), saved.isInside(arguments.root) {
            root.initialTarget = saved
        }
        coordinator = root
        return root
    }
}
