/// The monitor's numbers as the table and the header write them.
package enum Format {
    /// `12.3`, one decimal.
    package static func percent(_ value: Double) -> String {
        let tenths = Int((max(0, value) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// KiB as `812K`, `23.4M`, `1.2G`.
    package static func kibibytes(_ value: UInt64) -> String {
        if value < 10_000 { return "\(value)K" }
        let mebibytes = Double(value) / 1024
        if mebibytes < 10_000 { return decimal(mebibytes) + "M" }
        return decimal(mebibytes / 1024) + "G"
    }

    /// `m:ss.hh`, as top's TIME+.
    package static func time(seconds: Double) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded(.down))
        let minutes = hundredths / 6000
        let rest = hundredths % 6000
        let secs = rest / 100, cents = rest % 100
        return "\(minutes):\(secs < 10 ? "0" : "")\(secs).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// Uptime as `3d 4:05` or `4:05`.
    package static func uptime(seconds: Double) -> String {
        let minutes = Int(seconds) / 60
        let days = minutes / 1440, hours = (minutes % 1440) / 60, mins = minutes % 60
        let clock = "\(hours):\(mins < 10 ? "0" : "")\(mins)"
        return days > 0 ? "\(days)d " + clock : clock
    }

    /// A load average with two decimals.
    package static func load(_ value: Double) -> String {
        let hundredths = Int((max(0, value) * 100).rounded())
        let cents = hundredths % 100
        return "\(hundredths / 100).\(cents < 10 ? "0" : "")\(cents)"
    }

    /// One decimal below 100, none above.
    private static func decimal(_ value: Double) -> String {
        value < 100 ? percent(value) : String(Int(value.rounded()))
    }
}
