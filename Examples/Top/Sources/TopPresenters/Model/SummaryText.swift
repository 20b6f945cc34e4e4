/// The header's line of text (until a header of meters shows it).
package enum SummaryText {
    package static func line(_ summary: SystemSummary, paused: Bool) -> String {
        var parts = ["CPU \(Format.percent(summary.total))%",
                     "Mem \(Format.kibibytes(summary.memoryUsedKiB))/\(Format.kibibytes(summary.memoryTotalKiB))",
                     "Swp \(Format.kibibytes(summary.swapUsedKiB))/\(Format.kibibytes(summary.swapTotalKiB))",
                     "load " + summary.load.map(loadText).joined(separator: " "),
                     "up " + Format.uptime(seconds: summary.uptime),
                     "\(summary.tasks) tasks, \(summary.running) running"]
        if paused { parts.append("paused") }
        return parts.joined(separator: "  ")
    }

    /// A load average with two decimals.
    package static func loadText(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let cents = hundredths % 100
        return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)"
    }
}
