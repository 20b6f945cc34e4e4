// A process monitor written against Shoji before 0.1.0 (LaunchOptions,
// ShojiOptions.launchOptions, ShojiApp(name:options:), app.options,
// TerminalScreen.Options and verify(options:)), unchanged but for the one
// line no alias can bring back: Foundation imported by the app itself.
import Foundation  // Migrating 0.1.0: the framework no longer brings Foundation's String API.
import ShojiAppKit

struct MonitorCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "monitor")
    @Option(help: "Seconds between refreshes.") var delay = 1.0
    @OptionGroup(title: ShojiOptions.title) var shoji: ShojiOptions
}

/// One process as the list shows it.
struct Process {
    let pid: Int
    let command: String
}

/// Reads /proc: every process's id and command name.
func readProcesses() -> [Process] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
    return names.compactMap { name -> Process? in
        guard let pid = Int(name) else { return nil }
        let status = (try? String(contentsOfFile: "/proc/\(name)/status", encoding: .utf8)) ?? ""
        // String.range(of:) is Foundation's: the app imports it itself.
        guard let range = status.range(of: "Name:\t") else { return Process(pid: pid, command: "?") }
        let command = status[range.upperBound...].prefix { $0 != "\n" }
        return Process(pid: pid, command: ControlCharacters.escaped(String(command)))
    }.sorted { $0.pid < $1.pid }
}

/// The list's presenter: rows, and a choice that does nothing yet.
@MainActor
final class ProcessList: ListScreenRows {
    var processes = readProcesses()
    var rowCount: Int { processes.count }
    func row(at index: Int) -> ListRow {
        ListRow(title: processes[index].command, secondary: String(processes[index].pid))
    }
    func didChoose(index: Int) {}
}

/// The one flow: the list at the root.
@MainActor
final class MonitorCoordinator: Coordinator {
    let rows = ProcessList()
    override func start() {
        let view = ListScreenView(title: "Processes", rows: rows, routeComponent: "processes")
        view.showProgress(WorkProgress("Reading /proc", completed: rows.rowCount, total: nil))
        view.showRows()
        router.setRoot(view, owner: self)
    }
}

MainActor.assumeIsolated {
    let command = ShojiApp.parseOrExit(MonitorCommand.self)
    var options: LaunchOptions = command.shoji.launchOptions
    options.minimumSize = CellSize(width: 60, height: 12)
    let screenOptions = TerminalScreen.Options(minimumSize: options.minimumSize, colors: options.colors)
    do { try TerminalScreen.verify(options: screenOptions) } catch {
        FileHandle.standardError.write(Data("monitor: \(error)\n".utf8))
        exit(2)
    }
    let app = ShojiApp(name: "monitor", options: options)
    app.options.mouse = true
    app.run { context in MonitorCoordinator(router: context.router) }
}
