import ShojiNavigation
import ShojiCurses
import ShojiWidgets

/// A modal alert whose chosen button goes back through a `ResultChannel`.
@MainActor
final class AlertPanelView: PanelView {
    private let alert: AlertWidget

    init(_ content: AlertContent, result: ResultChannel<Int>) {
        alert = AlertWidget(title: content.title, message: content.message,
                            buttons: content.buttons.enumerated().map { AlertButton($1, isCancel: $0 == content.cancelIndex) })
        super.init(title: content.title)
        alert.onChoose = { index in result.complete(index) }
        self.content = alert
    }

    override func preferredSize(in screen: CellSize) -> CellSize { alert.preferredSize(in: screen) }
}
