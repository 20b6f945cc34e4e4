import ShojiNavigation
import ShojiPresentation

/// The header across the screen: the monitor's system summary as meters and
/// lines (and "paused"), and one sample of the CPU history per refresh.
@MainActor
package final class MonitorHeaderPresenter {
    package weak var view: (any MonitorHeaderView)?
    package let work = ScreenWork()
    package let monitor: ProcessMonitor
    /// The refresh the graph has last been given.
    private var shownGeneration = 0

    package init(monitor: ProcessMonitor) { self.monitor = monitor }

    /// The rows the header takes: a meter each, and at least the lines and
    /// two rows of graph.
    package var height: Int { max(MonitorHeader(monitor.snapshot.summary, paused: false).meters.count, 5) }

    package func viewDidLoad() {
        view?.showHistory(monitor.history, appending: false)
        shownGeneration = monitor.snapshot.generation
        work.observe({ [monitor] in monitor.snapshot }) { [weak self] snapshot in self?.show(snapshot) }
        work.observe({ [monitor] in monitor.isPaused }) { [weak self] _ in self?.showHeader() }
    }

    private func show(_ snapshot: MonitorSnapshot) {
        showHeader()
        guard snapshot.generation != shownGeneration else { return }
        // One sample per refresh; a gap sends the whole history again.
        if snapshot.generation - shownGeneration == 1, let newest = monitor.history.last {
            view?.showHistory([newest], appending: true)
        } else {
            view?.showHistory(monitor.history, appending: false)
        }
        shownGeneration = snapshot.generation
    }

    private func showHeader() {
        view?.showHeader(MonitorHeader(monitor.snapshot.summary, paused: monitor.isPaused))
    }
}
