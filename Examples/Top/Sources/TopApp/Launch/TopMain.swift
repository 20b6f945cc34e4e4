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
        // A top-serve visitor sees no environment and only the program name
        // of other sessions' processes, unless the operator said otherwise.
        let served = ServedSession.current() != nil
        let monitor = ProcessMonitor(folder: folder, privacy: command.privacy(served: served, session: getsid(0)))
        do throws(LaunchError) {
            try checkOpenPath(launch, monitor: monitor)
        } catch {
            error.exit(program: "top")
        }
        let app = ShojiApp(name: "top", configuration: launch)
        // Where the user quit is saved for `--restore`, but not by a
        // top-serve visitor's session: it would overwrite the operator's.
        if served { app.routeStore = nil }
        let delay = TopCommand.delay(command.delay) ?? .seconds(1)
        let canSignal = !command.readOnly
        app.run { context in
            TopCoordinator(router: context.router, monitor: monitor, clock: context.clock,
                           delay: delay, canSignal: canSignal)
        }
        #endif
    }

    /// `--open`'s path, checked before the screen starts: its shape, then,
    /// on a first reading of `monitor`, that its processes run (each a
    /// child of the one before). A mistake is status 64, one line naming
    /// the step and the valid forms.
    @MainActor
    static func checkOpenPath(_ launch: LaunchConfiguration, monitor: ProcessMonitor) throws(LaunchError) {
        guard let path = try launch.openPath(checkedBy: TopCoordinator.self) else { return }
        monitor.refresh()
        do throws(RouteError) {
            try TopRoute(path).check(in: monitor.snapshot.processes)
        } catch {
            throw LaunchError("cannot open '\(path)': \(error)", exitStatus: 64)
        }
    }
}
