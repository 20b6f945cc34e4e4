/// The alert module: a modal panel that shows an `Alert` and completes its
/// `ResultChannel` with the chosen button's value. It never dismisses itself;
/// whoever presented it does, which `Coordinator.presentAlert` does for you.
@MainActor
public final class AlertPanelView<Value>: PanelView {
    /// What the alert shows.
    public let alert: Alert<Value>
    /// Completed with the chosen button's value; cancelled if the alert
    /// leaves its stack unanswered.
    public let result: ResultChannel<Value>
    private let widget: AlertWidget

    /// Shows `alert`; the chosen button's value goes to `result`.
    public init(_ alert: Alert<Value>, result: ResultChannel<Value> = ResultChannel()) {
        self.alert = alert
        self.result = result
        widget = AlertWidget(title: alert.title, message: alert.message,
                             buttons: alert.buttons.map { AlertButton($0.title, isCancel: $0.isCancel) })
        super.init(title: alert.title)
        modalStyle = .plain  // draws its own box
        widget.focus(alert.initialFocus)
        widget.onChoose = { [weak self] index in self?.choose(buttonAt: index) }
        content = widget
    }

    /// Answers as if the user had chosen the button at `index`: what a key
    /// does, and what a coordinator test calls.
    public func choose(buttonAt index: Int) {
        guard alert.buttons.indices.contains(index) else { return }
        result.complete(alert.buttons[index].value)
    }

    /// Answers with the button titled `title`, for tests that read better by name.
    public func choose(_ title: String) {
        guard let index = alert.buttons.firstIndex(where: { $0.title == title }) else { return }
        choose(buttonAt: index)
    }

    /// The alert's size on a screen of `screen`: as wide as its text and buttons need, within the screen.
    public override func preferredSize(in screen: CellSize) -> CellSize { widget.preferredSize(in: screen) }
}
