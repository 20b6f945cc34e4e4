/// What the header above the table shows: a meter per CPU (or one for all
/// of them past ``cpuMeterLimit``), memory and swap, then lines of text
/// (load, uptime, tasks, and "paused" while paused).
package struct MonitorHeader: Sendable, Equatable {
    /// One meter: its label, how full (0...1) and the text on it.
    package struct Meter: Sendable, Equatable {
        package var label: String
        package var fraction: Double
        package var text: String
    }

    /// More CPUs than this show as one meter: the header stays short.
    package static let cpuMeterLimit = 8

    package var meters: [Meter] = []
    package var lines: [String] = []

    /// The header of `summary`.
    package init(_ summary: SystemSummary, paused: Bool) {
        if summary.cpus.count > 1, summary.cpus.count <= Self.cpuMeterLimit {
            meters = summary.cpus.enumerated().map { index, usage in
                Meter(label: "CPU\(index)", fraction: usage / 100, text: Format.percent(usage) + "%")
            }
        } else {
            meters = [Meter(label: "CPU", fraction: summary.total / 100, text: Format.percent(summary.total) + "%")]
        }
        meters.append(Meter(label: "Mem", fraction: Self.fraction(summary.memoryUsedKiB, of: summary.memoryTotalKiB),
                            text: "\(Format.kibibytes(summary.memoryUsedKiB))/\(Format.kibibytes(summary.memoryTotalKiB))"))
        meters.append(Meter(label: "Swp", fraction: Self.fraction(summary.swapUsedKiB, of: summary.swapTotalKiB),
                            text: "\(Format.kibibytes(summary.swapUsedKiB))/\(Format.kibibytes(summary.swapTotalKiB))"))
        lines = ["Tasks: \(summary.tasks), \(summary.running) running" + (paused ? "  paused" : ""),
                 "Load average: " + summary.load.map(Format.load).joined(separator: " "),
                 "Uptime: " + Format.uptime(seconds: summary.uptime)]
    }

    private static func fraction(_ part: UInt64, of whole: UInt64) -> Double {
        whole == 0 ? 0 : min(1, Double(part) / Double(whole))
    }
}
