/// Numbers as progress shows them, the same whatever the process's locale:
/// commas between thousands, a point before decimals. A screen served over
/// SSH runs under the server's locale, and a test must read the same text
/// everywhere, so nothing here asks Foundation's formatters.
public enum ProgressText {
    /// `value` with a comma between groups of three digits: "43,000", "-1,234,567".
    public static func count(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        result.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }

    /// A byte count in decimal units with one decimal: "512 B", "1.2 kB",
    /// "4.0 MB", "1.5 GB" (a download's size, as a browser writes it).
    public static func bytes(_ value: Int) -> String {
        let units = ["kB", "MB", "GB", "TB", "PB", "EB"]
        guard value.magnitude >= 1000 else { return "\(value) B" }
        var scaled = Double(value.magnitude) / 1000
        var unit = 0
        // Past 999.95 the rounded text would say "1000.0": move up a unit first.
        while scaled >= 999.95, unit < units.count - 1 {
            scaled /= 1000
            unit += 1
        }
        let tenths = Int((scaled * 10).rounded())
        return (value < 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }

    /// `value` counted in `unit`.
    package static func amount(_ value: Int, unit: WorkCount.Unit) -> String {
        switch unit {
        case .items: count(value)
        case .bytes: bytes(value)
        }
    }

    /// Time so far: tenths of a second under a minute ("0.4 s", "12.3 s"),
    /// then minutes and seconds ("1:05"), then hours ("1:02:05"). Rounded
    /// down, so the text changes when a tenth (or a second) has passed.
    public static func elapsed(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 else { return "0.0 s" }
        if seconds < 60 {
            return "\(seconds).\(attoseconds / 100_000_000_000_000_000) s"
        }
        let minutes = seconds / 60, hours = minutes / 60
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        if hours == 0 { return "\(minutes):\(two(seconds % 60))" }
        return "\(hours):\(two(minutes % 60)):\(two(seconds % 60))"
    }
}
