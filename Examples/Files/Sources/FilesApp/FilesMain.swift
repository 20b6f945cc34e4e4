#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
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
        let lastPath = LastPathFile()
        var parsed: FilesArguments
        var notice: String?
        do throws(LaunchError) {
            parsed = try FilesArguments.parse(arguments)
            if parsed.restore { (parsed, notice) = try parsed.restoring(saved: lastPath.load(), from: lastPath.path) }
            try parsed.validate()
        } catch {
            error.exit(program: "files")
        }
        let arguments = parsed, startNotice = notice
        let app = ShojiApp(name: "files", configuration: arguments.launch)
        app.routeStore = nil
        var coordinator: FilesCoordinator?
        let chooseDirectory = arguments.chooseDirectory
        app.onExit = { status in
            if let path = coordinator?.currentPath { lastPath.save(path) }
            // Only a normal quit tells the shell where to go (lf and nnn do the same).
            if status == 0, let chooseDirectory, let folder = coordinator?.currentDirectory {
                if !LastPathFile(path: chooseDirectory).save(folder) {
                    let message = "files: cannot write --choose-dir \(ControlCharacters.escaped(chooseDirectory))\n"
                    _ = message.withCString { write(2, $0, strlen($0)) }
                }
            }
        }
        app.run { context in
            let root = FilesCoordinator(router: context.router, root: arguments.root,
                                        loader: BackgroundDirectoryLoader(), clock: context.clock)
            root.showsHidden = arguments.showsHidden
            root.watcher = DirectoryWatcher()
            root.runProgram = { [unowned app = context.app] program throws(ProgramError) in
                try app.runInForeground(program)
            }
            root.initialTarget = arguments.open
            root.startNotice = startNotice
            coordinator = root
            return root
        }
    }
}
