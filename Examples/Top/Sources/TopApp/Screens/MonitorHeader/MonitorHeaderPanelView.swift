import ShojiAppKit
import TopPresenters

/// The header across the whole screen, above the table and the detail (the
/// split's header): the meters in a column at the left (a CPU each, memory,
/// swap), the lines of text and the CPU history graph at the right. It
/// takes no keys: it draws what its presenter tells it.
@MainActor
final class MonitorHeaderPanelView: PanelView, MonitorHeaderView {
    let presenter: MonitorHeaderPresenter
    private let meters = LayoutWidget(.rows)
    private var meterWidgets: [MeterWidget] = []
    private let lines = LabelWidget()
    let graph = SparklineWidget(label: "CPU ", maximum: 100)

    init(presenter: MonitorHeaderPresenter) {
        self.presenter = presenter
        super.init(title: "Header")
        let right = LayoutWidget(.rows, [LayoutItem(lines, size: .fixed(3)), LayoutItem(graph, size: .fill(1))])
        content = LayoutWidget(.columns, [LayoutItem(meters, size: .fraction(0.5)), LayoutItem(right, size: .fill(1))],
                               spacing: 2)
        presenter.view = self
        screenWork = presenter.work
        presenter.viewDidLoad()
    }

    func showHeader(_ header: MonitorHeader) {
        if meterWidgets.map(\.label) != header.meters.map(\.label) {
            meterWidgets = header.meters.map { MeterWidget(label: $0.label, labelWidth: 5) }
            meters.children = meterWidgets.map { LayoutItem($0, size: .fixed(1)) }
        }
        for (widget, meter) in zip(meterWidgets, header.meters) { widget.show(value: meter.fraction, text: meter.text) }
        lines.show(header.lines)
    }

    func showHistory(_ values: [Double], appending: Bool) {
        if appending { graph.append(contentsOf: values) } else { graph.values = values }
    }
}
