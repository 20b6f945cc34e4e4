/// The screen an app shows while `ShojiApp.run(loading:_:)` loads its
/// model: a spinner until the loading work reports, then its progress (a
/// bar when it knows the total), in the middle of the screen.
@MainActor
final class LoadingPanelView: PanelView {
    let progress: ProgressWidget
    private let spinner = Spinner()

    init(clock: any LoopClock) {
        progress = ProgressWidget(clock: clock)
        super.init()
        progress.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
        spinner.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
        spinner.start(clock: clock)
    }

    /// Shows how far loading has come, in place of the spinner.
    func show(_ progress: WorkProgress) {
        spinner.stop()
        self.progress.progress = progress
    }

    override func draw(_ canvas: inout Canvas) {
        let width = min(canvas.size.width, 60)
        let area = CellRect(x: (canvas.size.width - width) / 2, y: canvas.size.height / 2, width: width, height: 1)
        var line = canvas.subcanvas(area)
        if progress.progress == nil { spinner.draw(&line) } else { progress.draw(&line) }
    }
}
