#if canImport(Glibc)
import FoundationEssentials
import Glibc
#else
import Foundation
#endif
import ShojiAppKit
import TopPresenters

/// The `top` program from its command line to its exit: the one entry
/// point the executable target sees.
package enum TopMain {
    /// Parses `arguments` (without the program name), then runs the monitor
    /// until it quits; a command-line mistake exits 64 with one line, a
    /// system without /proc exits 2.
    @MainActor
    package static func run(arguments: [String], folder: String = "/proc") -> Never {
        let command: TopCommand
        do throws(LaunchError) {
            command = try ShojiApp.parse(TopCommand.self, arguments: arguments)
        } catch {
            error.exit(program: "top")
        }
        #if !os(Linux)
        LaunchError("reads /proc, which only Linux has", exitStatus: 2).exit(program: "top")
        #else
        guard ProcReader(folder: folder).isReadable else {
            LaunchError("cannot read \(folder)/stat", exitStatus: 2).exit(program: "top")
        }
        var launch = LaunchConfiguration()
        command.shoji.apply(to: &launch)
        // A monitor has no screens to reopen: nothing is saved or restored.
        launch.open = nil
        launch.restore = false
        let app = ShojiApp(name: "top", configuration: launch)
        app.routeStore = nil
        let delay = TopCommand.delay(command.delay) ?? .seconds(1)
        let canSignal = !command.readOnly
        app.run { context in
            TopCoordinator(router: context.router, monitor: ProcessMonitor(folder: folder), clock: context.clock,
                           delay: delay, canSignal: canSignal)
        }
        #endif
    }
}
