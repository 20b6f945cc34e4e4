import ShojiAppKit
import TopPresenters

/// The monitor's one flow: the header of meters across the screen, the
/// process table with the selected process's detail beside it on a wide
/// terminal (a `SplitContainer` with a header; narrow, the detail covers
/// the table), refreshed on the loop's clock, and the signal sheet with its
/// confirmation and the kernel's answer. The detail holds a pane of its
/// own, the process's children, drilled into down the process tree there;
/// route paths name the detail and that pane (``TopRoute``).
@MainActor
package final class TopCoordinator: Coordinator, ProcessesOutput, ProcessDetailOutput, ProcessChildrenOutput {
    /// From this many columns the detail shows beside the table.
    package static let sideBySideWidth = 140

    package let monitor: ProcessMonitor
    package let split = SplitContainer(minimumSideBySideWidth: sideBySideWidth,
                                       primaryWidth: { max(80, $0 * 3 / 5) })
    /// Whether signals may be sent (`top-serve` visitors: no).
    package let canSignal: Bool
    private let signaller: any ProcessSignalling
    private let clock: (any LoopClock)?
    private let delay: Duration
    private var timer: ScheduledTimer?
    /// The table's presenter, to select the process a path names.
    private(set) weak var processes: ProcessesPresenter?
    /// The open detail's children pane (one detail at a time: the split's).
    package private(set) weak var childrenPane: StackPane?

    /// A flow over `monitor`, refreshed every `delay` on `clock` (none in
    /// tests that refresh by hand).
    package init(router: any Routing, monitor: ProcessMonitor, clock: (any LoopClock)?, delay: Duration = .seconds(1),
                 canSignal: Bool = true, signaller: any ProcessSignalling = KernelSignaller()) {
        self.monitor = monitor
        self.clock = clock
        self.delay = delay
        self.canSignal = canSignal
        self.signaller = signaller
        super.init(router: router)
        split.detailForItem = { [weak self] id in
            guard let self, let pid = id as? Int32 else { return nil }
            return RouterEntry(makeDetail(pid: pid), owner: self)
        }
    }

    isolated deinit { timer?.cancel() }

    package override func start() {
        // Two readings before the first frame: CPU usage is a difference.
        monitor.refresh()
        let processes = ProcessesPresenter(monitor: monitor, canSignal: canSignal)
        processes.output = self
        self.processes = processes
        let header = MonitorHeaderPresenter(monitor: monitor)
        split.header = MonitorHeaderPanelView(presenter: header)
        // The meters' rows, and one more for the graph beside them.
        split.headerHeight = header.height + 1
        router.setRoot(split, owner: self)
        split.primaryRouter.setRoot(ProcessesPanelView(presenter: processes), owner: self)
        timer = clock?.repeating(every: delay) { [weak self] in self?.monitor.refresh() }
    }

    private func makeDetail(pid: Int32) -> ProcessDetailPanelView {
        let presenter = ProcessDetailPresenter(monitor: monitor, pid: pid, canSignal: canSignal)
        presenter.output = self
        let pane = StackPane()
        childrenPane = pane
        pane.router.setRoot(makeChildren(of: pid, isRoot: true), owner: self)
        return ProcessDetailPanelView(presenter: presenter, children: pane)
    }

    /// The list of `pid`'s children: the pane's root (route component
    /// `children`) or a child drilled into (its pid).
    private func makeChildren(of pid: Int32, isRoot: Bool) -> ProcessChildrenPanelView {
        let presenter = ProcessChildrenPresenter(monitor: monitor, pid: pid, isRoot: isRoot)
        presenter.output = self
        return ProcessChildrenPanelView(presenter: presenter,
                                        routeComponent: isRoot ? TopRoute.childrenComponent : String(pid))
    }

    /// Drills the children pane into `pid`'s children.
    func drill(into pid: Int32) {
        childrenPane?.router.push(makeChildren(of: pid, isRoot: false), owner: self)
    }

    // MARK: ProcessesOutput, ProcessDetailOutput, ProcessChildrenOutput

    package func processes(didHighlight pid: Int32?) { split.highlight(pid) }

    package func processes(didChoose pid: Int32) { split.openDetail(itemID: pid) }

    package func processes(didAskToSignal process: ProcessRow) { askForSignal(process) }

    package func processDetail(didAskToSignal process: ProcessRow) { askForSignal(process) }

    package func processDetail(didMoveTo pid: Int32) {
        childrenPane?.router.setRoot(makeChildren(of: pid, isRoot: true), owner: self)
    }

    package func processChildren(didChoose pid: Int32) { drill(into: pid) }

    // MARK: Signals

    /// The sheet of signals for `process`; a destructive one is confirmed
    /// before it is sent.
    private func askForSignal(_ process: ProcessRow) {
        guard canSignal else { return }
        presentSheet(SignalsPanelView(presenter: SignalsPresenter(process: process))) { [weak self] outcome in
            guard let self, let signal = outcome.value else { return }
            guard signal.isDestructive else { return send(signal, to: process) }
            confirm("Send \(signal.rawValue)?", message: "Send \(signal.rawValue) to \(process.pid) (\(process.name))?",
                    confirm: "Send", destructive: true) { [weak self] in self?.send(signal, to: process) }
        }
    }

    /// Sends `signal`; the kernel's refusal is shown as an alert.
    private func send(_ signal: ProcessSignal, to process: ProcessRow) {
        do throws(SignalError) {
            try signaller.send(signal, to: process.pid)
            monitor.refresh()
        } catch {
            presentAlert(.notice("Signal refused", message: Self.refusal(signal, process, error)))
        }
    }

    /// "Could not send TERM to 1 (init): Operation not permitted".
    package static func refusal(_ signal: ProcessSignal, _ process: ProcessRow, _ error: SignalError) -> String {
        "Could not send \(signal.rawValue) to \(process.pid) (\(process.name)): \(error.reason)"
    }
}
