import ShojiNavigation
import ShojiPresentation

/// The detail of one process: its command line, status, threads, open
/// descriptors, environment (when readable and not hidden) and children, read again at
/// every refresh of the monitor. It can move to another process in place
/// (`show(pid:)`), so a detail beside the table follows the selection
/// without a new screen per key.
@MainActor
package final class ProcessDetailPresenter {
    package weak var view: (any ProcessDetailView)?
    package weak var output: (any ProcessDetailOutput)?
    package let work = ScreenWork()
    package let monitor: ProcessMonitor
    package private(set) var pid: Int32
    package let canSignal: Bool

    package init(monitor: ProcessMonitor, pid: Int32, canSignal: Bool = true) {
        self.monitor = monitor
        self.pid = pid
        self.canSignal = canSignal
    }

    package func viewDidLoad() {
        work.observe({ [monitor] in monitor.snapshot }) { [weak self] _ in self?.update() }
    }

    /// Shows `pid` instead.
    package func show(pid: Int32) {
        let moved = pid != self.pid
        self.pid = pid
        update()
        if moved { output?.processDetail(didMoveTo: pid) }
    }

    /// The process as the last refresh saw it, if still there.
    package var row: ProcessRow? { monitor.snapshot.processes.first { $0.pid == pid } }

    /// `k`: a signal for this process.
    package func askToSignal() {
        guard canSignal, let row else { return }
        output?.processDetail(didAskToSignal: row)
    }

    private func update() {
        guard let row, let details = monitor.details(of: pid) else {
            view?.show(heading: "\(pid)", fields: [], paragraphs: ["This process has ended."])
            return
        }
        var fields = [DetailField("PID", String(pid)), DetailField("Parent", String(row.parent)),
                      DetailField("User", row.user), DetailField("State", String(row.state)),
                      DetailField("CPU%", Format.percent(row.cpu)), DetailField("MEM%", Format.percent(row.memory)),
                      DetailField("RSS", Format.kibibytes(row.residentKiB)),
                      DetailField("Time", Format.time(seconds: monitor.seconds(ofTicks: row.ticks))),
                      DetailField("Threads", details.threads.map(String.init) ?? String(row.threads)),
                      DetailField("Open files", details.descriptors.map(String.init) ?? "not readable")]
        fields += details.status.filter { !["Name", "State", "PPid", "Threads"].contains($0.key) }
            .map { DetailField($0.key, $0.value) }
        let children = ProcessTree.children(of: pid, in: monitor.snapshot.processes)
        var paragraphs = ["Command: " + (details.commandLine.map { details.argumentsHidden ? $0 + " (arguments hidden)" : $0 }
                                          ?? "[\(row.name)] (kernel thread)")]
        paragraphs.append(children.isEmpty ? "Children: none"
            : "Children: " + children.prefix(50).map { "\($0.pid) \($0.name)" }.joined(separator: ", ")
                + (children.count > 50 ? " and \(children.count - 50) more" : ""))
        if details.environmentHidden {
            paragraphs.append("Environment: hidden")
        } else if let environment = details.environment {
            paragraphs.append(environment.isEmpty ? "Environment: empty"
                : "Environment:\n" + environment.prefix(200).joined(separator: "\n"))
        } else {
            paragraphs.append("Environment: not readable")
        }
        view?.show(heading: "\(pid) \(row.name)", fields: fields, paragraphs: paragraphs)
    }
}
