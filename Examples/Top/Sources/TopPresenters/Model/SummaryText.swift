/// The system in one line of text, under the table.
package enum SummaryText {
    package static func line(_ summary: SystemSummary, paused: Bool) -> String {
        // Short enough for 80 columns beside the table's position: the
        // table drops a status line that does not fit.
        let parts = ["CPU \(Format.percent(summary.total))%",
                     "Mem \(Format.kibibytes(summary.memoryUsedKiB))/\(Format.kibibytes(summary.memoryTotalKiB))",
                     "load " + loadText(summary.load.first ?? 0),
                     "up " + Format.uptime(seconds: summary.uptime),
                     "\(summary.tasks) tasks, \(summary.running) run"]
        return (paused ? "paused  " : "") + parts.joined(separator: "  ")
    }

    /// A load average with two decimals.
    package static func loadText(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let cents = hundredths % 100
        return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
