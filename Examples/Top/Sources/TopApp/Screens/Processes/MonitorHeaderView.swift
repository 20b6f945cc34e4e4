import ShojiAppKit
import TopPresenters

/// The header above the table, as widgets in a layout: the meters in a
/// column at the left (a CPU each, memory, swap), the lines of text and the
/// CPU history graph at the right.
@MainActor
final class MonitorHeaderView {
    /// The header's layout, for the screen's own.
    let layout: LayoutWidget
    private let meters = LayoutWidget(.rows)
    private var meterWidgets: [MeterWidget] = []
    private let lines = HeaderLinesWidget()
    let graph = SparklineWidget(label: "CPU ", maximum: 100)
    /// Rows the header takes: its meters, and at least the text and two of graph.
    private(set) var height = 5

    init() {
        let right = LayoutWidget(.rows, [LayoutItem(lines, size: .fixed(3)), LayoutItem(graph, size: .fill(1))])
        layout = LayoutWidget(.columns, [LayoutItem(meters, size: .fraction(0.5)), LayoutItem(right, size: .fill(1))],
                              spacing: 2)
    }

    /// Shows `header`; true when its height changed (the screen lays out again).
    func show(_ header: MonitorHeader) -> Bool {
        if meterWidgets.map(\.label) != header.meters.map(\.label) {
            meterWidgets = header.meters.map { MeterWidget(label: $0.label, labelWidth: 5) }
            meters.children = meterWidgets.map { LayoutItem($0, size: .fixed(1)) }
        }
        for (widget, meter) in zip(meterWidgets, header.meters) { widget.show(value: meter.fraction, text: meter.text) }
        lines.show(header.lines)
        let newHeight = max(meterWidgets.count, 5)
        defer { height = newHeight }
        return newHeight != height
    }
}
