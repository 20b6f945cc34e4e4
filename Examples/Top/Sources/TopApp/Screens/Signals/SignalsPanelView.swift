import ShojiAppKit
import TopPresenters

/// The signal sheet: a list of signals; Enter answers with the chosen one,
/// Esc cancels.
@MainActor
final class SignalsPanelView: ListScreenView, SignalsView, Sheet {
    let presenter: SignalsPresenter
    var result: ResultChannel<ProcessSignal> { presenter.result }

    init(presenter: SignalsPresenter) {
        self.presenter = presenter
        super.init(title: "Send a signal to \(presenter.target)", rows: presenter)
        list.openLabel = "send"
        presenter.view = self
    }

    override func preferredSize(in screen: CellSize) -> CellSize {
        CellSize(width: min(44, screen.width), height: min(presenter.rowCount, screen.height))
    }
}
