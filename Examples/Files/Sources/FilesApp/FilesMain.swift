import Foundation
import FilesPresenters
import ShojiAppKit

/// The `files` program from its command line to its exit: the one entry
/// point the executable target sees, so everything else in FilesApp stays
/// internal.
package enum FilesMain {
    /// Parses `arguments` (without the program name), then runs the browser
    /// until it exits; a command-line mistake exits 64 with one line.
    @MainActor
    package static func run(arguments: [String]) -> Never {
        let parsed: FilesArguments
        do throws(LaunchError) {
            parsed = try FilesArguments.parse(arguments)
            try parsed.validate()
        } catch {
            error.exit(program: "files")
        }
        let lastPath = LastPathFile()
        let app = ShojiApp(name: "files", configuration: parsed.launch)
        app.routeStore = nil
        var coordinator: FilesCoordinator?
        app.onExit = { _ in
            if let path = coordinator?.currentPath { lastPath.save(path) }
        }
        app.run { context in
            let root = FilesCoordinator(router: context.router, root: parsed.root,
                                        loader: BackgroundDirectoryLoader(), clock: context.clock)
            root.showsHidden = parsed.showsHidden
            root.runProgram = { [unowned app = context.app] program throws(ProgramError) in
                try app.runInForeground(program)
            }
            if let open = parsed.open {
                root.initialTarget = open
            } else if parsed.restore, let saved = lastPath.load(), saved.isInside(parsed.root) {
                root.initialTarget = saved
            }
            coordinator = root
            return root
        }
    }
}
