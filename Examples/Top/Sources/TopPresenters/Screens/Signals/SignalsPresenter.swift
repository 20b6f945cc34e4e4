import ShojiNavigation
import ShojiPresentation

/// The signal sheet: the signals a process can be sent, one chosen answers
/// the sheet (its coordinator confirms the destructive ones and sends it).
@MainActor
package final class SignalsPresenter: ListScreenRows {
    package weak var view: (any SignalsView)?
    /// Answered with the chosen signal, or cancelled (Esc).
    package let result = ResultChannel<ProcessSignal>()
    /// The process the signal is for, as the title says it.
    package let target: String
    package let signals = ProcessSignal.allCases

    /// A sheet for `process`.
    package init(process: ProcessRow) {
        target = "\(process.pid) (\(process.name))"
    }

    package var rowCount: Int { signals.count }

    package func row(at index: Int) -> ListRow {
        ListRow(title: signals[index].rawValue, secondary: signals[index].meaning)
    }

    package func itemID(at index: Int) -> AnyHashable? { signals[index].rawValue }

    package func didChoose(index: Int) {
        guard signals.indices.contains(index) else { return }
        result.complete(signals[index])
    }
}
